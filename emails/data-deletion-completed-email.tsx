import { formatDateTime } from '@/lib/platform/format/dates';
import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { describeErasedFields } from '@/lib/privacy/erasure/deletion-requests/field-labels';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'data-deletion-completed'>;

export function dataDeletionCompletedSubject(): string {
  return 'Your personal data has been erased';
}

// Spec 001's confirmation. After a full erasure the account is closed, so the e-mail offers no button; it says
// plainly what was kept (anonymised), since the subject may otherwise believe every trace is gone.
export function DataDeletionCompletedEmail({ data, brand }: EmailProps<Data>) {
  const full = data.scope === 'full';
  return (
    <EmailLayout brand={brand} preview={dataDeletionCompletedSubject()} heading="Your data has been erased">
      <EmailText>
        Hello {data.name}, as you asked, {brand.name} has erased {full ? 'your personal data' : 'the personal details you named'} on Quartermaster.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Erased', full ? 'Everything that identifies you' : describeErasedFields(data.fields)],
          ['Completed', formatDateTime(data.completedAt)],
          ['Request', data.requestId],
        ]}
      />
      {full ? (
        <>
          <EmailText>
            Your name, e-mail addresses, phone, national identity number and exact date of birth are gone, your account is closed, your messages are deleted and
            your comments no longer show your name.
          </EmailText>
          <EmailText>
            The law requires some records to be kept: medical records, anti-doping records, financial transactions and the audit log. They were not deleted but
            anonymised: they no longer name you.
          </EmailText>
        </>
      ) : (
        <EmailText>Everything else on your profile is unchanged, and your account stays open.</EmailText>
      )}
      <EmailText>This is the last e-mail we send to this address: it has been removed from our e-mail provider as well.</EmailText>
    </EmailLayout>
  );
}
