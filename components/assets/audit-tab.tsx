import Link from 'next/link';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import type { Page } from '@/lib/api/pagination';
import type { AuditEntry } from '@/lib/audit/schemas';
import { describeAction, describeField, describeValue } from '@/app/(portal)/admin/audit-log/describe-audit-entry';

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
            const changes = Object.entries(entry.changes);
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
                  {changes.length > 0 ? (
                    <dl className="grid gap-x-3 gap-y-1 rounded-md bg-slate-50 px-3 py-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
                      {changes.map(([field, change]) => (
                        <div key={field} className="contents">
                          <dt className="text-slate-600">{describeField(field)}</dt>
                          <dd className="break-words text-slate-900">
                            <span className="text-slate-600">{describeValue(field, change.before)}</span>
                            <span aria-label="changed to" className="mx-1.5 text-slate-400">
                              →
                            </span>
                            <span className="font-medium">{describeValue(field, change.after)}</span>
                          </dd>
                        </div>
                      ))}
                    </dl>
                  ) : null}
                </div>
              </li>
            );
          })}
        </ol>
      )}
      {cursor || page.pagination.hasMore ? (
        <nav aria-label="Pages" className="flex items-center justify-between gap-3 border-t border-slate-100 px-5 py-3">
          {cursor ? (
            <Link href={`/assets/${assetId}?tab=audit`} className={buttonClasses('ghost', 'sm')}>
              ← Newest
            </Link>
          ) : (
            <span />
          )}
          {page.pagination.nextCursor ? (
            <Link href={`/assets/${assetId}?tab=audit&cursor=${encodeURIComponent(page.pagination.nextCursor)}`} className={buttonClasses('secondary', 'sm')}>
              Older entries →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </Card>
  );
}
