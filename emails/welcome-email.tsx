import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { roleLabels } from '@/lib/people/users/role-labels';
import type { EmailProps } from './email-brand';
import { EmailFacts, EmailLayout, EmailText } from './email-layout';

type Data = EmailTemplateData<'welcome'>;

export function welcomeSubject(data: Data): string {
  return `${data.inviterName} invited you to ${data.organisationName} on Quartermaster`;
}

export function WelcomeEmail({ data, brand, actionUrl, intro }: EmailProps<Data>) {
  return (
    <EmailLayout brand={brand} preview={welcomeSubject(data)} heading={`Welcome to ${data.organisationName}`} action={{ label: 'Sign in', href: actionUrl }}>
      <EmailText>{intro ?? `${data.inviterName} invited you to borrow and manage ${data.organisationName}'s equipment on Quartermaster.`}</EmailText>
      <EmailFacts
        brand={brand}
        facts={[
          ['Organisation', data.organisationName],
          ['Your role', roleLabels[data.role]],
          ['Invited by', data.inviterName],
        ]}
      />
      <EmailText>Sign in with your company account using this e-mail address; your account is set up on your first sign-in.</EmailText>
    </EmailLayout>
  );
}
