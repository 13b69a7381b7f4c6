import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'registry-sync-conflict'>;

export function registrySyncConflictSubject(data: Data): string {
  return `Registry conflict: ${data.personName}`;
}

export function RegistrySyncConflictEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={registrySyncConflictSubject(data)} heading="The registry and your records disagree" action={{ label: 'Open the audit log', href: actionUrl }}>
      <EmailText>
        The sports registry changed {data.fields.length === 1 ? 'a field' : 'fields'} of {data.personName} that were also changed here since the last
        sync. The registry&apos;s values now apply, and the person is marked as in conflict until an administrator resolves it.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Person', data.personName],
          ['Fields', data.fields.join(', ')],
          ['Registry id', data.registryId],
        ]}
      />
    </EmailLayout>
  );
}
