import Link from 'next/link';
import { LocalDateTime } from '@/components/portal/local-date-time';
import type { OutboxEmail } from '@/lib/platform/notifications/list-outbox-emails';

/** The person's e-mails, newest first; the open one is marked. */
export function MailboxList({ emails, selectedId }: { emails: OutboxEmail[]; selectedId: string | undefined }) {
  return (
    <nav aria-label="Your e-mails">
      <ol className="flex flex-col divide-y divide-slate-200 overflow-hidden rounded-lg border border-slate-200 bg-white">
        {emails.map((email) => (
          <li key={email.id}>
            <Link
              href={`/mailbox?id=${encodeURIComponent(email.id)}`}
              aria-current={email.id === selectedId ? 'true' : undefined}
              data-testid="mailbox-item"
              className="flex flex-col gap-1 px-4 py-3 hover:bg-slate-50 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand aria-[current=true]:bg-slate-100"
            >
              <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{email.subject}</span>
              <LocalDateTime value={email.createdAt.toISOString()} className="text-xs text-slate-600" />
            </Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
