import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-cancelled'>;

export function loanCancelledSubject(data: Data): string {
  return `Your booking of ${data.assetName} was cancelled`;
}

export function LoanCancelledEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={loanCancelledSubject(data)} heading="Booking cancelled" action={{ label: 'View the booking', href: actionUrl }}>
      <EmailText>
        {data.cancelledByName} cancelled your approved booking of {data.assetName}. Please do not come to pick it up.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['From', formatEmailDate(data.startDate)],
          ['Until', formatEmailDate(data.endDate)],
          ['Reason', data.reason],
        ]}
      />
      <EmailText>You can file a new request for other dates or another asset.</EmailText>
    </EmailLayout>
  );
}
