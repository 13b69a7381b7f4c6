import Link from 'next/link';
import { AuditEntryItem } from '@/components/audit/audit-entry-item';
import { Card, CardHeader } from '@/components/ui/card';
import type { RecentAudit } from '@/lib/transport/dashboard/list-recent-audit-entries';

export function RecentAuditCard({ audit }: { audit: RecentAudit }) {
  return (
    <Card aria-labelledby="audit-heading">
      <CardHeader
        id="audit-heading"
        title="Recent audit entries"
        description="Who did what, newest first."
        action={
          <Link href="/admin/audit-log" className="text-sm font-medium text-brand hover:underline">
            Full audit log
          </Link>
        }
      />
      {audit.entries.length === 0 ? (
        <p className="px-5 py-6 text-sm text-slate-600">Nothing has been recorded yet.</p>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Recent audit entries" data-testid="recent-audit">
          {audit.entries.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} names={audit.names} showChanges={false} />
          ))}
        </ol>
      )}
    </Card>
  );
}
