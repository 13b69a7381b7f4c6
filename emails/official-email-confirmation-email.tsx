import { formatDateTime } from '@/lib/platform/format/dates';
import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'official-email-confirmation'>;

export function officialEmailConfirmationSubject(): string {
  return 'Confirm your new e-mail address';
}

export function OfficialEmailConfirmationEmail({ data, brand, actionUrl }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={officialEmailConfirmationSubject()} heading="Is this your address?" action={data.token ? { label: 'Confirm this address', href: actionUrl } : undefined}>
      <EmailText>
        {data.name} asked {brand.name} to use this address as their official e-mail. Confirming it approves the change, which then goes to the sports registry.
        If you did not ask for this, ignore this e-mail: nothing changes.
      </EmailText>
      <EmailFacts brand={brand} facts={[['Link valid until', formatDateTime(data.expiresAt)]]} />
    </EmailLayout>
  );
}
