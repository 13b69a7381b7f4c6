import { LocalDateTime } from '@/components/portal/local-date-time';
import { Badge } from '@/components/ui/badge';
import { Card, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import type { Page } from '@/lib/api/pagination';
import type { AuditEntry } from '@/lib/audit/schemas';
import { AuditChangeList } from '@/components/audit/audit-change-list';
import { describeAction } from '@/components/audit/describe-audit-entry';

export function AuditTab({ assetId, page, names, cursor }: { assetId: string; page: Page<AuditEntry>; names: Map<string, string>; cursor: string }) {
  return (
    <Card aria-labelledby="asset-audit-heading">
      <CardHeader id="asset-audit-heading" title="Audit log" description={`${page.pagination.total} ${page.pagination.total === 1 ? 'entry' : 'entries'}, newest first. Entries cannot be edited or deleted.`} />
      {page.data.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No entries" description="Changes to this asset will appear here." />
        </div>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Audit entries" data-testid="asset-audit-entries">
          {page.data.map((entry) => {
            return (
              <li key={entry.id} data-testid="asset-audit-entry" className="grid gap-2 px-5 py-4 md:grid-cols-[12rem_minmax(0,1fr)]">
                <div className="text-sm">
                  <p className="font-medium text-slate-900">{entry.actor.userId ? (names.get(entry.actor.userId) ?? 'Former user') : 'System'}</p>
                  <p className="text-xs text-slate-600">
                    <LocalDateTime value={entry.occurredAt} />
                  </p>
                </div>
                <div className="min-w-0 space-y-1.5">
                  <p className="flex flex-wrap items-center gap-2 text-sm text-slate-900">
                    <span className="font-medium">{describeAction(entry.action)}</span>
                    <Badge>{entry.action}</Badge>
                    {entry.metadata.viaQrCode === true ? <Badge tone="info">via QR code</Badge> : null}
                  </p>
                  <AuditChangeList changes={entry.changes} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <CursorPager
        firstHref={cursor ? `/assets/${assetId}?tab=audit` : null}
        nextHref={page.pagination.nextCursor ? `/assets/${assetId}?tab=audit&cursor=${encodeURIComponent(page.pagination.nextCursor)}` : null}
        firstLabel="← Newest"
        nextLabel="Older entries →"
      />
    </Card>
  );
}
