import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-rejected'>;

export function loanRejectedSubject(data: Data): string {
  return `Your loan request for ${data.assetName} was declined`;
}

export function LoanRejectedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={loanRejectedSubject(data)} heading="Loan request declined" action={{ label: 'View the request', href: actionUrl }}>
      <EmailText>Your request to borrow {data.assetName} was declined.</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['From', formatEmailDate(data.startDate)],
          ['Until', formatEmailDate(data.endDate)],
          ['Reason', data.reason || 'No reason was given.'],
        ]}
      />
      <EmailText>You can file a new request for other dates or another asset.</EmailText>
    </EmailLayout>
  );
}
