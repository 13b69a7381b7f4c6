import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-extension-rejected'>;

export function loanExtensionRejectedSubject(data: Data): string {
  return `Your extension for ${data.assetName} was declined`;
}

export function LoanExtensionRejectedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={loanExtensionRejectedSubject(data)} heading="Extension declined" action={{ label: 'View the loan', href: actionUrl }}>
      <EmailText>Your request to keep {data.assetName} longer was declined. Please return it by the current date.</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['Asked until', formatEmailDate(data.requestedEndDate)],
          ['Due back', formatEmailDate(data.endDate)],
          ['Reason', data.reason || 'No reason was given.'],
        ]}
      />
    </EmailLayout>
  );
}
