import { Badge } from '@/components/ui/badge';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ContactForm } from '@/components/profile/contact-form';
import { IdentitySection } from '@/components/profile/identity-section';
import { RestrictionForm } from '@/components/profile/restriction-form';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { getOwnProfile } from '@/lib/people/profile/get-own-profile';

export const metadata = { title: 'Your profile' };

/** Where the official e-mail confirmation link (GET /api/v1/profile/email-confirmations) sends a browser. */
const confirmationMessages: Record<string, { tone: 'success' | 'problem'; text: string }> = {
  confirmed: { tone: 'success', text: 'Thank you: your new official e-mail address is confirmed. Your correction now goes on to be confirmed with the official register; you can follow it below.' },
  invalid: { tone: 'problem', text: 'This confirmation link does not work: it was used already, or a newer link replaced it. If your correction still shows as waiting, ask for it again to get a new link.' },
  expired: { tone: 'problem', text: 'This confirmation link has expired (links are valid for 24 hours). Ask for the correction again below to get a new link.' },
};

type Props = { searchParams: Promise<{ emailConfirmation?: string | string[] }> };

export default async function ProfilePage({ searchParams }: Props) {
  const { emailConfirmation } = await searchParams;
  const confirmation = typeof emailConfirmation === 'string' ? confirmationMessages[emailConfirmation] : undefined;
  const portal = await requirePortalContext();
  const profile = await withPortalTransaction(portal, (tx, ctx) => getOwnProfile(tx, ctx));
  return (
    <>
      <PageHeader title="Your profile" description="What your organisation knows about you, and how it may contact you. Every change is recorded in the audit log." />
      <div className="space-y-6">
        {confirmation ? (
          <p
            role={confirmation.tone === 'success' ? 'status' : 'alert'}
            data-testid="email-confirmation-message"
            className={confirmation.tone === 'success' ? 'rounded-md bg-emerald-50 px-4 py-3 text-sm text-emerald-900' : 'rounded-md bg-red-50 px-4 py-3 text-sm text-red-900'}
          >
            {confirmation.text}
          </p>
        ) : null}
        {profile.processingRestricted ? (
          <p role="status" className="rounded-md bg-amber-50 px-4 py-3 text-sm text-amber-900">
            Processing is restricted: you receive no notifications and no reminders.
          </p>
        ) : null}
        <Card aria-labelledby="contact-heading">
          <CardHeader id="contact-heading" title="Contact and notifications" description="You can change these yourself; they apply at once." />
          <CardBody>
            <ContactForm profile={profile} />
          </CardBody>
        </Card>
        <Card aria-labelledby="identity-heading">
          <CardHeader
            id="identity-heading"
            title="Name, birth date, nationality and official e-mail"
            description="These come from the official register, so a correction waits for confirmation."
            action={profile.pendingChanges.length ? <Badge tone="warning">Correction requested</Badge> : undefined}
          />
          <CardBody>
            <IdentitySection profile={profile} />
          </CardBody>
        </Card>
        <Card aria-labelledby="your-records-heading">
          <CardHeader
            id="your-records-heading"
            title="Your records"
            description="Your activities, donations, treatments and reports about you: what the club keeps, and for how long."
            action={<ButtonLink href="/people/me" variant="secondary" size="sm">Your records</ButtonLink>}
          />
        </Card>
        <Card aria-labelledby="your-data-heading">
          <CardHeader
            id="your-data-heading"
            title="Your data"
            description="Get a copy of everything we hold about you, as a readable PDF report or a JSON file for another service."
            action={<ButtonLink href="/profile/data" variant="secondary" size="sm">Download my data</ButtonLink>}
          />
        </Card>
        <Card aria-labelledby="restriction-heading">
          <CardHeader id="restriction-heading" title="Restrict processing" description="Your right to restrict how your data is processed." />
          <CardBody>
            <RestrictionForm restricted={profile.processingRestricted} />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
