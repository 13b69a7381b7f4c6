import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-approved'>;

export function loanApprovedSubject(data: Data): string {
  return `Your loan of ${data.assetName} is approved`;
}

export function LoanApprovedEmail({ data, brand, actionUrl, intro }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={loanApprovedSubject(data)} heading="Loan approved" action={{ label: 'View the loan', href: actionUrl }}>
      <EmailText>{intro ?? `Good news: ${data.approverName} approved your request to borrow ${data.assetName}.`}</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['From', formatEmailDate(data.startDate)],
          ['Until', formatEmailDate(data.endDate)],
          ['Approved by', data.approverName],
        ]}
      />
      <EmailText>Please pick it up on or after the start date and return it by the end date.</EmailText>
    </EmailLayout>
  );
}
