import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'person-change-rejected'>;

export function personChangeRejectedSubject(): string {
  return 'Your requested profile change was not accepted';
}

export function PersonChangeRejectedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  const by = data.decidedBy === 'registry' ? 'The sports registry' : `${brand.name}'s administrator`;
  return (
    <EmailLayout brand={brand} preview={personChangeRejectedSubject()} heading="Profile change not accepted" action={{ label: 'Open your profile', href: actionUrl }}>
      <EmailText>{by} did not accept the change you asked for. Your profile keeps its current values.</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Fields', data.fields.join(', ')],
          ['Reason', data.reason],
        ]}
      />
      <EmailText>You can ask again from your profile, with a link to a supporting document if you have one.</EmailText>
    </EmailLayout>
  );
}
