import { formatDateTime } from '@/lib/platform/format/dates';
import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'data-export-ready'>;

const formatNames: Record<Data['format'], string> = {
  json: 'JSON (machine-readable, to take your data to another service)',
  pdf: 'PDF (a readable report)',
};

export function dataExportReadySubject(data: Data): string {
  return `Your data export (${data.format.toUpperCase()}) is ready to download`;
}

// The link is the only way to the file and works once, so the e-mail says so plainly, and says what to do when
// the recipient never asked for it (someone else signed in as them).
export function DataExportReadyEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  const expires = formatDateTime(data.linkExpiresAt);
  if (!data.token) {
    return (
      <EmailLayout brand={brand} preview="Your data export link is no longer valid" heading="Your data export" action={{ label: 'Request a new export', href: actionUrl }}>
        <EmailText>The download link of your data export has been used or has expired, so the file has been deleted. You can request a new export at any time.</EmailText>
      </EmailLayout>
    );
  }
  return (
    <EmailLayout brand={brand} preview={dataExportReadySubject(data)} heading="Your data export is ready" action={{ label: 'Download your data', href: actionUrl }}>
      <EmailText>
        You asked {brand.name} for a copy of the personal data it keeps about you on Quartermaster. It is ready: your profile, accounts, activities, messages,
        records and the audit entries about you, in one file.
      </EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Format', formatNames[data.format]],
          ['Link expires', expires],
        ]}
      />
      <EmailText>
        The link works once: the file is deleted as soon as it has been downloaded, and unused after {expires}. Keep the file somewhere safe, since it holds
        sensitive data such as medical records. After that, you can request a new export whenever you like.
      </EmailText>
      <EmailText>
        Did not ask for this? Do not open the link. Someone may have signed in with your account: change your password at your sign-in provider and tell your
        organisation&apos;s administrator.
      </EmailText>
    </EmailLayout>
  );
}
