import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'person-registration-rejected'>;

export function personRegistrationRejectedSubject(data: Data): string {
  return `Registry refused to register ${data.personName}`;
}

export function PersonRegistrationRejectedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={personRegistrationRejectedSubject(data)} heading="A new person was not registered" action={{ label: 'Open the proposals', href: actionUrl }}>
      <EmailText>
        The sports registry did not accept {data.personName} as a new record. The person stays local-only: they have no registry id, and functions that need one
        (borrowing among them) stay blocked until the registry knows them.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Person', data.personName],
          ['Reason', data.reason],
        ]}
      />
    </EmailLayout>
  );
}
