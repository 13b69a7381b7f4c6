import Link from 'next/link';
import type { OpenDeletionCounts } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';

/** Open erasure requests need an admin (identity check) and have deadlines: shown only when there are any. */
export function ErasureRequestsAlert({ counts }: { counts: OpenDeletionCounts }) {
  if (counts.open === 0) return null;
  const urgent = counts.overdue > 0;
  return (
    <section
      aria-labelledby="erasure-alert-heading"
      data-testid="erasure-requests-alert"
      className={`flex flex-col gap-2 rounded-lg border px-5 py-4 sm:flex-row sm:items-center sm:justify-between ${urgent ? 'border-red-200 bg-red-50' : 'border-amber-200 bg-amber-50'}`}
    >
      <div>
        <h2 id="erasure-alert-heading" className={`text-sm font-semibold ${urgent ? 'text-red-900' : 'text-amber-900'}`}>
          {counts.open} open erasure {counts.open === 1 ? 'request' : 'requests'}
          {urgent ? `, ${counts.overdue} overdue` : ''}
        </h2>
        <p className={`text-sm ${urgent ? 'text-red-800' : 'text-amber-900'}`}>
          {counts.pending > 0 ? `${counts.pending} waiting for you to verify the person's identity. ` : ''}The law allows 30 days from the request; the target is 7 days from verification.
        </p>
      </div>
      <Link href={urgent ? '/admin/erasure-requests?overdue=true' : '/admin/erasure-requests'} className="shrink-0 text-sm font-medium text-brand underline-offset-2 hover:underline">
        Review requests →
      </Link>
    </section>
  );
}
