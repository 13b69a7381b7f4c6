import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { type EmailProps, formatEmailDate } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'loan-reminder'>;

function whenDue(daysLeft: number): string {
  if (daysLeft === 0) return 'today';
  if (daysLeft === 1) return 'tomorrow';
  return `in ${daysLeft} days`;
}

export function loanReminderSubject(data: Data): string {
  return `Reminder: please return ${data.assetName} by ${formatEmailDate(data.endDate)}`;
}

export function LoanReminderEmail({ data, brand, actionUrl, intro }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={`Your loan of ${data.assetName} ends ${whenDue(data.daysLeft)}`} heading="Your loan ends soon" action={{ label: 'View the loan', href: actionUrl }}>
      <EmailText>{intro ?? `Your loan of ${data.assetName} ends ${whenDue(data.daysLeft)}.`}</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Asset', data.assetName],
          ['Return by', formatEmailDate(data.endDate)],
        ]}
      />
      <EmailText>If you need it for longer, ask for an extension before the end date.</EmailText>
    </EmailLayout>
  );
}
