import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-borrower-erased'>;

export function loanBorrowerErasedSubject(data: Data): string {
  return data.outcome === 'cancelled' ? `Booking cancelled: ${data.assetName}` : `Borrower erased: ${data.assetName} is still out`;
}

export function LoanBorrowerErasedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  const cancelled = data.outcome === 'cancelled';
  return (
    <EmailLayout brand={brand} preview={loanBorrowerErasedSubject(data)} heading={cancelled ? 'A booking was cancelled' : 'A borrower was erased'} action={{ label: 'View the loan', href: actionUrl }}>
      <EmailText>Hello {data.recipientName},</EmailText>
      <EmailText>
        {cancelled
          ? `The borrower of ${data.assetName} had their personal data erased, so their booking was cancelled. The asset is free for these dates again.`
          : `The borrower of ${data.assetName} had their personal data erased while the asset is still with them. The loan stays open until the asset comes back; record its return as usual.`}
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', `${data.assetName} (${data.assetInventoryNumber})`],
          [cancelled ? 'Was booked' : 'Lent', `${formatEmailDate(data.startDate)} – ${formatEmailDate(data.endDate)}`],
        ]}
      />
    </EmailLayout>
  );
}
