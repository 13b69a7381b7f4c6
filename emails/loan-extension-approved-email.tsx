import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-extension-approved'>;

export function loanExtensionApprovedSubject(data: Data): string {
  return `Your loan of ${data.assetName} now runs until ${formatEmailDate(data.endDate)}`;
}

export function LoanExtensionApprovedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={loanExtensionApprovedSubject(data)} heading="Extension approved" action={{ label: 'View the loan', href: actionUrl }}>
      <EmailText>
        {data.approverName} approved your extension: you may keep {data.assetName} until {formatEmailDate(data.endDate)}.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['Was due', formatEmailDate(data.previousEndDate)],
          ['Now due', formatEmailDate(data.endDate)],
        ]}
      />
    </EmailLayout>
  );
}
