import { AuditEntryItem } from '@/components/audit/audit-entry-item';
import { Card, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import type { Page } from '@/lib/platform/pagination';
import type { AuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';
import type { AuditEntry } from '@/lib/platform/audit/schemas';

export function AuditTab({ assetId, page, names, cursor }: { assetId: string; page: Page<AuditEntry>; names: AuditNames; cursor: string }) {
  return (
    <Card aria-labelledby="asset-audit-heading">
      <CardHeader id="asset-audit-heading" title="Audit log" description={`${page.pagination.total} ${page.pagination.total === 1 ? 'entry' : 'entries'}, newest first. Entries cannot be edited or deleted.`} />
      {page.data.length === 0 ? (
        <div className="p-5">
          <EmptyState title="No entries" description="Changes to this asset will appear here." />
        </div>
      ) : (
        <ol className="divide-y divide-slate-100" aria-label="Audit entries" data-testid="asset-audit-entries">
          {page.data.map((entry) => (
            <AuditEntryItem key={entry.id} entry={entry} names={names} testId="asset-audit-entry" />
          ))}
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
