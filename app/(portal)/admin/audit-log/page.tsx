import Link from 'next/link';
import { redirect } from 'next/navigation';
import { z } from 'zod';
import { buttonClasses } from '@/components/ui/button';
import { CursorPager } from '@/components/ui/cursor-pager';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Input, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { ValidationError } from '@/lib/platform/core/errors';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { listAuditFilterOptions } from '@/lib/privacy/audit-log/list-audit-filter-options';
import { AuditLogQuery } from '@/lib/platform/audit/schemas';
import { addDays } from '@/lib/platform/time';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { AuditEntryItem } from '@/components/audit/audit-entry-item';
import { actionLabel, targetTypeLabel } from '@/components/audit/describe-audit-entry';
import { type AuditNames, resolveAuditNames } from '@/lib/privacy/audit-log/resolve-audit-names';

export const metadata = { title: 'Audit log' };

const PAGE_SIZE = 25;
const filterNames = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
type Filters = Record<(typeof filterNames)[number], string>;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

const isoDate = z.iso.date();

// The query's fields as the form names them, for a link edited by hand.
const filterWords: Record<string, string> = { actorUserId: 'who', action: 'action', targetType: 'kind of record', targetId: 'the record', from: 'from', to: 'up to', cursor: 'page position' };

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

function hrefOf(filters: Filters, cursor?: string): string {
  const search = new URLSearchParams();
  for (const name of filterNames) if (filters[name]) search.set(name, filters[name]);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `/admin/audit-log?${query}` : '/admin/audit-log';
}

/** Dates are whole days in UTC; "to" includes its day. */
function toQuery(filters: Filters, cursor: string) {
  return AuditLogQuery.safeParse({
    actorUserId: filters.actor || undefined,
    action: filters.action || undefined,
    targetType: filters.targetType || undefined,
    targetId: filters.targetId || undefined,
    from: isoDate.safeParse(filters.from).success ? `${filters.from}T00:00:00Z` : undefined,
    to: isoDate.safeParse(filters.to).success ? `${addDays(filters.to, 1)}T00:00:00Z` : undefined,
    cursor: cursor || undefined,
    limit: PAGE_SIZE,
  });
}

/** The record a shared link filters by, by name where this page names it. */
function targetName(id: string, names: AuditNames | undefined): string {
  if (!names) return 'one record';
  const { users, assets, locations, categories, maintenance, announcements, invitations } = names;
  return users[id] ?? assets[id] ?? locations[id] ?? categories[id] ?? maintenance[id] ?? announcements[id] ?? invitations[id] ?? 'one record';
}

export default async function AuditLogPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ADMIN');
  const params = await searchParams;
  const filters = Object.fromEntries(filterNames.map((name) => [name, first(params[name]).slice(0, 100)])) as Filters;
  const cursor = first(params.cursor);
  const query = toQuery(filters, cursor);

  const { options, listing } = await withPortalTransaction(portal, async (tx, ctx) => {
    const filterOptions = await listAuditFilterOptions(tx, ctx);
    if (!query.success) return { options: filterOptions, listing: null };
    const entries = await listAuditEntries(tx, ctx, query.data);
    return { options: filterOptions, listing: { page: entries, names: await resolveAuditNames(tx, ctx.organisationId, entries.data) } };
  }).catch((error: unknown) => {
    // A stale or edited cursor in a shared link starts the same view from the newest entry.
    if (error instanceof ValidationError && cursor) redirect(hrefOf(filters));
    throw error;
  });
  const filtered = filterNames.some((name) => filters[name]);
  const page = listing?.page;

  return (
    <>
      <PageHeader title="Audit log" description="Every change in your organisation: who, when and what. Entries cannot be edited or deleted." />
      <Card aria-labelledby="audit-heading">
        <CardHeader
          id="audit-heading"
          title="Entries"
          description={page ? `${page.pagination.total} ${page.pagination.total === 1 ? 'entry' : 'entries'}${filtered ? ' match' : ''}, newest first` : undefined}
        />
        <CardBody className="border-b border-slate-100">
          <form role="search" aria-label="Filter the audit log" action="/admin/audit-log" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            <Field label="Who" htmlFor="audit-actor">
              <Select id="audit-actor" name="actor" defaultValue={filters.actor}>
                <option value="">Anyone</option>
                {options.actors.map((actor) => (
                  <option key={actor.id} value={actor.id}>
                    {actor.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Action" htmlFor="audit-action">
              <Select id="audit-action" name="action" defaultValue={filters.action}>
                <option value="">Any action</option>
                {options.actions.map((action) => (
                  <option key={action} value={action}>
                    {actionLabel(action)}
                  </option>
                ))}
              </Select>
            </Field>
            <Field label="Kind of record" htmlFor="audit-target-type">
              <Select id="audit-target-type" name="targetType" defaultValue={filters.targetType}>
                <option value="">Any kind</option>
                {options.targetTypes.map((type) => (
                  <option key={type} value={type}>
                    {targetTypeLabel(type)}
                  </option>
                ))}
              </Select>
            </Field>
            {filters.targetId ? (
              <p className="flex flex-wrap items-center gap-x-2 text-sm text-slate-700 sm:col-span-2 lg:col-span-3" data-testid="audit-record-filter">
                <input type="hidden" name="targetId" value={filters.targetId} />
                <span>
                  Only entries about <span className="font-medium text-slate-900">{targetName(filters.targetId, listing?.names)}</span>
                </span>
                <Link href={hrefOf({ ...filters, targetId: '' })} className="font-medium text-brand underline-offset-2 hover:underline">
                  Show entries about everything
                </Link>
              </p>
            ) : null}
            <div className="grid grid-cols-2 gap-3 sm:contents">
              <Field label="From" htmlFor="audit-from">
                <Input id="audit-from" name="from" type="date" defaultValue={filters.from} />
              </Field>
              <Field label="Up to and including" htmlFor="audit-to">
                <Input id="audit-to" name="to" type="date" defaultValue={filters.to} />
              </Field>
            </div>
            <div className="flex gap-2 sm:col-span-2 lg:col-span-3">
              <button type="submit" className={buttonClasses('primary')}>
                Apply filters
              </button>
              {filtered ? (
                <Link href="/admin/audit-log" className={buttonClasses('ghost')}>
                  Clear
                </Link>
              ) : null}
            </div>
          </form>
        </CardBody>

        {!listing || !page ? (
          <p role="alert" className="m-5 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
            These filters are not valid ({query.error?.issues.map((issue) => filterWords[String(issue.path[0])] ?? 'page position').join(', ')}). Clear them and try again.
          </p>
        ) : page.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No entries" description={filtered ? 'Nothing matches these filters.' : 'Changes will appear here as they happen.'} />
          </div>
        ) : (
          <ol className="divide-y divide-slate-100" aria-label="Audit entries" data-testid="audit-entries">
            {page.data.map((entry) => (
              <AuditEntryItem key={entry.id} entry={entry} names={listing.names} />
            ))}
          </ol>
        )}

        {page ? (
          <CursorPager
            firstHref={cursor ? hrefOf(filters) : null}
            nextHref={page.pagination.nextCursor ? hrefOf(filters, page.pagination.nextCursor) : null}
            firstLabel="← Newest"
            nextLabel="Older entries →"
          />
        ) : null}
      </Card>
    </>
  );
}
