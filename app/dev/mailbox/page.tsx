import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requirePortalContext } from '@/lib/transport/portal/portal-context';
import { getConfig } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/get-db';
import { isEmbeddedDemo } from '@/lib/organisation/demo/is-embedded-demo';
import { listOutboxEmails, type OutboxEmail } from '@/lib/platform/notifications/list-outbox-emails';
import { renderEmailPayload } from '@/lib/platform/notifications/render-email';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Dev mailbox', robots: { index: false } };

const LIMIT = 50;

type PageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const statusStyles: Record<OutboxEmail['status'], string> = {
  PENDING: 'bg-amber-100 text-amber-900',
  SENT: 'bg-emerald-100 text-emerald-900',
  FAILED: 'bg-red-100 text-red-900',
};

function param(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

// An outbox holds everyone's mail (invitation links, decisions), so the page exists only in the embedded
// demo, where nothing is really sent, and even there shows one tenant's mail to that tenant's admins.
export default async function DevMailboxPage({ searchParams }: PageProps) {
  if (!isEmbeddedDemo(getConfig())) notFound();
  const { organisation } = await requirePortalContext('ADMIN');
  const query = await searchParams;
  const emails = await listOutboxEmails(await getDb(), organisation.id, LIMIT);
  const selected = emails.find((email) => email.id === param(query.id)) ?? emails[0];
  const rendered = selected?.email ? await renderEmailPayload(selected.email, selected.tenant, { appBaseUrl: getConfig().APP_BASE_URL }) : null;
  const tenantParam = param(query.tenant);
  const hrefFor = (id: string) => `/dev/mailbox?${new URLSearchParams({ ...(tenantParam ? { tenant: tenantParam } : {}), id })}`;

  return (
    <main className="mx-auto flex min-h-screen max-w-7xl flex-col gap-6 px-6 py-8">
      <header className="flex flex-col gap-1">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">Development</p>
        <h1 className="text-3xl font-semibold">Dev mailbox</h1>
        <p className="text-slate-600">
          Without a Resend API key no e-mail leaves this machine. The latest {LIMIT} e-mails of {organisation.name} are shown here, newest first.
        </p>
      </header>
      {emails.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center text-slate-600">No e-mails yet. File a loan request to see one arrive.</p>
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <nav aria-label="E-mails">
            <ol className="flex flex-col divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
              {emails.map((email) => (
                <li key={email.id}>
                  <Link
                    href={hrefFor(email.id)}
                    aria-current={email.id === selected?.id ? 'true' : undefined}
                    className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand aria-[current=true]:bg-slate-100"
                  >
                    <span className="font-medium text-slate-900">{email.subject}</span>
                    <span className="text-sm text-slate-600">To {email.to}</span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
                      <span className={`rounded px-1.5 py-0.5 font-semibold ${statusStyles[email.status]}`}>{email.status}</span>
                      {email.deliveredVia ? <span>{`via ${email.deliveredVia}`}</span> : null}
                      <time dateTime={email.createdAt.toISOString()}>{email.createdAt.toISOString().replace('T', ' ').slice(0, 19)} UTC</time>
                    </span>
                  </Link>
                </li>
              ))}
            </ol>
          </nav>
          {selected ? (
            <section aria-labelledby="preview-heading" className="flex flex-col gap-3">
              <h2 id="preview-heading" className="text-xl font-semibold">
                {selected.subject}
              </h2>
              <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                <dt className="text-slate-500">To</dt>
                <dd>{selected.to}</dd>
                <dt className="text-slate-500">Organisation</dt>
                <dd>{selected.tenant.name}</dd>
                <dt className="text-slate-500">Status</dt>
                <dd>
                  {selected.status}
                  {selected.deliveredVia ? ` via ${selected.deliveredVia}` : ''} after {selected.attempts} attempt(s)
                </dd>
                {selected.lastError ? (
                  <>
                    <dt className="text-slate-500">Last error</dt>
                    <dd className="break-words text-red-800">{selected.lastError}</dd>
                  </>
                ) : null}
              </dl>
              {rendered ? (
                <iframe title={`E-mail: ${selected.subject}`} srcDoc={rendered.html} sandbox="" className="h-[720px] w-full rounded-lg border border-slate-200 bg-white" />
              ) : (
                <p className="rounded-lg border border-red-200 bg-red-50 p-4 text-red-900">This message cannot be rendered: its stored data does not match the template.</p>
              )}
            </section>
          ) : null}
        </div>
      )}
    </main>
  );
}
