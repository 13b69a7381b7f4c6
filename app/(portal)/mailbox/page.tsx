import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { EmailText } from '@/components/mailbox/email-text';
import { MailboxList } from '@/components/mailbox/mailbox-list';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { Card, CardBody } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { isEmbeddedDemo } from '@/lib/organisation/demo/is-embedded-demo';
import { getConfig } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/get-db';
import { listOutboxEmails } from '@/lib/platform/notifications/list-outbox-emails';
import { renderEmailPayload, tenantBaseUrl } from '@/lib/platform/notifications/render-email';
import { requirePortalContext } from '@/lib/transport/portal/portal-context';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Mailbox', robots: { index: false } };

const LIMIT = 50;

// Only the e-mails addressed to the signed-in person, and only in the embedded demo, where nothing is really
// sent: a link in one (a data export's) is the credential of the person who asked for it.
export default async function MailboxPage({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const config = getConfig();
  if (!isEmbeddedDemo(config)) notFound();
  const portal = await requirePortalContext();
  const { id } = await searchParams;
  const emails = portal.user.email ? await listOutboxEmails(await getDb(), portal.organisation.id, LIMIT, portal.user.email) : [];
  const selected = emails.find((email) => email.id === (Array.isArray(id) ? id[0] : id)) ?? emails[0];
  const rendered = selected?.email ? await renderEmailPayload(selected.email, selected.tenant, { appBaseUrl: config.APP_BASE_URL }) : null;

  return (
    <>
      <PageHeader
        title="Mailbox"
        description={`The e-mails ${portal.organisation.name} sent you${portal.user.email ? ` at ${portal.user.email}` : ''}, newest first. In this demo no e-mail leaves the computer, so they are kept here for you to read.`}
      />
      {!selected ? (
        <EmptyState title="No e-mails yet" description="When a loan of yours is decided, a data export you asked for is ready, or a reminder is due, the e-mail appears here." />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <MailboxList emails={emails} selectedId={selected.id} />
          <Card aria-labelledby="email-heading">
            <div className="border-b border-slate-100 px-5 py-4">
              <h2 id="email-heading" className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
                {selected.subject}
              </h2>
              <p className="mt-1 text-sm text-slate-600">
                {`From ${selected.tenant.name} · `}
                <LocalDateTime value={selected.createdAt.toISOString()} />
              </p>
            </div>
            <CardBody>
              {rendered ? (
                <EmailText text={rendered.text} tenantBaseUrl={tenantBaseUrl(selected.tenant.slug, config.APP_BASE_URL)} organisationName={selected.tenant.name} />
              ) : (
                <p className="text-sm text-slate-700">This e-mail can no longer be shown: its content was removed.</p>
              )}
            </CardBody>
          </Card>
        </div>
      )}
    </>
  );
}
