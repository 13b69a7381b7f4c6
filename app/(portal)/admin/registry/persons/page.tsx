import Link from 'next/link';
import { redirect } from 'next/navigation';
import { RegistryTabs } from '@/components/registry/registry-tabs';
import { formatInstant, syncStatusWords } from '@/components/registry/sync-labels';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { ValidationError } from '@/lib/platform/core/errors';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { listSyncPersons } from '@/lib/registry/sync-admin/list-sync-persons';
import { SyncStatusFilter } from '@/lib/registry/sync-admin/schemas';

export const metadata = { title: 'Registry sync status' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

function hrefOf(status: string | undefined, cursor?: string) {
  const search = new URLSearchParams();
  if (status) search.set('syncStatus', status);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return `/admin/registry/persons${query ? `?${query}` : ''}`;
}

export default async function RegistryPersonsPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ADMIN');
  const params = await searchParams;
  const parsed = SyncStatusFilter.safeParse(first(params.syncStatus));
  const status = parsed.success ? parsed.data : undefined;
  const cursor = first(params.cursor);
  const page = await withPortalTransaction(portal, (tx, ctx) => listSyncPersons(tx, ctx, { limit: 25, cursor, syncStatus: status })).catch((error: unknown) => {
    // A stale or edited cursor in a shared link starts the same view from the first page.
    if (error instanceof ValidationError && cursor) redirect(hrefOf(status));
    throw error;
  });
  return (
    <>
      <PageHeader title="Registry" description="Where each person stands with the sports registry." />
      <RegistryTabs current="/admin/registry/persons" />
      <Card aria-labelledby="persons-heading">
        <div className="space-y-3 px-5 pt-5 pb-3">
          <h2 id="persons-heading" className="text-base font-semibold text-slate-900">
            Sync status per person
          </h2>
          <nav aria-label="Filter by sync status">
            <ul className="flex flex-wrap gap-2">
              {[undefined, ...SyncStatusFilter.options].map((option) => (
                <li key={option ?? 'all'}>
                  <Link
                    href={hrefOf(option)}
                    aria-current={option === status ? 'page' : undefined}
                    className={cn('inline-block rounded-full px-3 py-1 text-sm ring-1 ring-inset', option === status ? 'bg-slate-900 text-white ring-slate-900' : 'text-slate-700 ring-slate-300 hover:bg-slate-50')}
                  >
                    {option ? syncStatusWords[option]!.label : 'All'}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <p className="text-sm text-slate-600">{page.pagination.total.toLocaleString('en')} person(s)</p>
        </div>
        {page.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="Nobody here" description="No person has this sync status." />
          </div>
        ) : (
          <Table>
            <THead>
              <TR>
                <TH>Person</TH>
                <TH>Status</TH>
                <TH>Registry id and last sync</TH>
              </TR>
            </THead>
            <TBody>
              {page.data.map((person) => {
                const word = syncStatusWords[person.syncStatus]!;
                return (
                  <TR key={person.personId}>
                    <TD className="font-medium text-slate-900">
                      {person.name}
                      {person.deactivated ? <div className="text-xs font-normal text-slate-500">Deactivated</div> : null}
                    </TD>
                    <TD>
                      <Badge tone={word.tone} className="whitespace-nowrap">
                        {word.label}
                      </Badge>
                      {person.openConflicts > 0 ? (
                        <div className="mt-1 text-xs">
                          <Link href="/admin/registry/conflicts" className="text-blue-700 underline">
                            {person.openConflicts} open conflict(s)
                          </Link>
                        </div>
                      ) : null}
                    </TD>
                    <TD>
                      <div className="font-mono text-xs">{person.registryId ?? '—'}</div>
                      {person.lastSyncedAt ? <div className="text-xs text-slate-500">{formatInstant(person.lastSyncedAt)}</div> : null}
                    </TD>
                  </TR>
                );
              })}
            </TBody>
          </Table>
        )}
        <CursorPager firstHref={cursor ? hrefOf(status) : null} nextHref={page.pagination.nextCursor ? hrefOf(status, page.pagination.nextCursor) : null} />
      </Card>
    </>
  );
}
