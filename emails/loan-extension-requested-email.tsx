import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-extension-requested'>;

export function loanExtensionRequestedSubject(data: Data): string {
  return `Extension request: ${data.assetName} (until ${formatEmailDate(data.requestedEndDate)})`;
}

export function LoanExtensionRequestedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout
      brand={brand}
      preview={`${data.requesterName} asks to keep ${data.assetName} longer`}
      heading="Extension request"
      action={{ label: 'Review the request', href: actionUrl }}
    >
      <EmailText>Hello {data.approverName},</EmailText>
      <EmailText>
        {data.requesterName} asks to keep {data.assetName} longer. Please approve or decline the extension; until then the current return date stands.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', `${data.assetName} (${data.assetInventoryNumber})`],
          ['Due back', formatEmailDate(data.currentEndDate)],
          ['Asks until', formatEmailDate(data.requestedEndDate)],
        ]}
      />
    </EmailLayout>
  );
}
