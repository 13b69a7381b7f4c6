import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-overdue'>;

export function loanOverdueSubject(data: Data): string {
  return `Overdue: please return ${data.assetName}`;
}

export function LoanOverdueEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={loanOverdueSubject(data)} heading="Your loan is overdue" action={{ label: 'View the loan', href: actionUrl }}>
      <EmailText>
        Your loan of {data.assetName} ended on {formatEmailDate(data.endDate)}. Please return it as soon as possible, or
        talk to your asset manager if you still need it.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['Was due', formatEmailDate(data.endDate)],
        ]}
      />
    </EmailLayout>
  );
}
