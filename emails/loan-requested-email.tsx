import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-requested'>;

export function loanRequestedSubject(data: Data): string {
  return `Loan request: ${data.assetName} (${formatEmailDate(data.startDate)} – ${formatEmailDate(data.endDate)})`;
}

export function LoanRequestedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout
      brand={brand}
      preview={`${data.requesterName} asks to borrow ${data.assetName}`}
      heading="New loan request"
      action={{ label: 'Review the request', href: actionUrl }}
    >
      <EmailText>Hello {data.approverName},</EmailText>
      <EmailText>
        {data.requesterName} asks to borrow {data.assetName}. Please approve or decline the request.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', `${data.assetName} (${data.assetInventoryNumber})`],
          ['From', formatEmailDate(data.startDate)],
          ['Until', formatEmailDate(data.endDate)],
          ['Purpose', data.purpose],
        ]}
      />
    </EmailLayout>
  );
}
