import { formatDateTime } from '@/lib/platform/format/dates';
import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'data-deletion-rejected'>;

export function dataDeletionRejectedSubject(): string {
  return 'Your request to erase your data was not carried out';
}

export function DataDeletionRejectedEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={dataDeletionRejectedSubject()} heading="Erasure request declined" action={{ label: 'See your request', href: actionUrl }}>
      <EmailText>{brand.name} has declined your request to erase your personal data. Nothing has been erased.</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Requested', formatDateTime(data.requestedAt)],
          ['Reason', data.reason],
        ]}
      />
      <EmailText>
        If you think this is wrong, reply to your organisation&apos;s administrator or file a new request. You may also complain to your data protection
        authority.
      </EmailText>
    </EmailLayout>
  );
}
