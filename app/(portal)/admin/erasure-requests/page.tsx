import Link from 'next/link';
import { redirect } from 'next/navigation';
import { describeDeadline } from '@/components/erasure/erasure-deadline';
import { ErasureStatusBadge } from '@/components/erasure/erasure-status-badge';
import { buttonClasses } from '@/components/ui/button';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { CursorPager } from '@/components/ui/cursor-pager';
import { EmptyState } from '@/components/ui/empty-state';
import { Field, Select } from '@/components/ui/field';
import { PageHeader } from '@/components/ui/page-header';
import { Table, TBody, TD, TH, THead, TR } from '@/components/ui/table';
import { ValidationError } from '@/lib/platform/core/errors';
import { formatDateTime } from '@/lib/platform/format/dates';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { deletionStatusLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';
import { listDeletionRequests } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { ListDeletionRequestsQuery } from '@/lib/privacy/erasure/deletion-requests/schemas';

export const metadata = { title: 'Erasure requests' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;
const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
const linkClass = 'font-medium text-brand underline-offset-2 hover:underline focus-visible:underline';

function hrefOf(filters: { status: string; overdue: string }, cursor?: string): string {
  const search = new URLSearchParams();
  if (filters.status) search.set('status', filters.status);
  if (filters.overdue) search.set('overdue', filters.overdue);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `/admin/erasure-requests?${query}` : '/admin/erasure-requests';
}

export default async function ErasureRequestsPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ADMIN');
  const params = await searchParams;
  const filters = { status: first(params.status), overdue: first(params.overdue) === 'true' ? 'true' : '' };
  const cursor = first(params.cursor);
  const query = ListDeletionRequestsQuery.safeParse({ status: filters.status || undefined, overdue: filters.overdue || undefined, cursor: cursor || undefined, limit: 25 });
  if (!query.success) redirect('/admin/erasure-requests');
  const page = await withPortalTransaction(portal, (tx, ctx) => listDeletionRequests(tx, ctx, query.data)).catch((error: unknown) => {
    if (error instanceof ValidationError && cursor) redirect(hrefOf(filters));
    throw error;
  });
  const filtered = Boolean(filters.status || filters.overdue);
  return (
    <>
      <PageHeader
        title="Erasure requests"
        description="People who asked for their personal data to be erased. Confirm each person's identity, then the erasure runs on its own. Target: 7 days from verification; legal limit: 30 days from the request."
      />
      <Card aria-labelledby="erasure-heading">
        <CardHeader id="erasure-heading" title="Requests" description={`${page.pagination.total} ${page.pagination.total === 1 ? 'request' : 'requests'}${filtered ? ' match' : ''}, newest first`} />
        <CardBody className="border-b border-slate-100">
          <form role="search" aria-label="Filter erasure requests" action="/admin/erasure-requests" className="flex flex-wrap items-end gap-3">
            <Field label="Status" htmlFor="erasure-status">
              <Select id="erasure-status" name="status" defaultValue={filters.status}>
                <option value="">Any status</option>
                {Object.entries(deletionStatusLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </Select>
            </Field>
            <label className="flex items-center gap-2 pb-2 text-sm text-slate-800">
              <input type="checkbox" name="overdue" value="true" defaultChecked={filters.overdue === 'true'} />
              Only overdue
            </label>
            <button type="submit" className={buttonClasses('primary')}>
              Apply
            </button>
            {filtered ? (
              <Link href="/admin/erasure-requests" className={buttonClasses('ghost')}>
                Clear
              </Link>
            ) : null}
          </form>
        </CardBody>
        {page.data.length === 0 ? (
          <div className="p-5">
            <EmptyState title="No erasure requests" description={filtered ? 'Nothing matches these filters.' : 'Requests appear here when someone asks for their data to be erased.'} />
          </div>
        ) : (
          <Table>
            <THead>
              <TR>
                <TH>Person</TH>
                <TH>Status</TH>
                <TH>Scope</TH>
                <TH>Requested</TH>
                <TH>Deadline</TH>
              </TR>
            </THead>
            <TBody>
              {page.data.map((request) => (
                <TR key={request.id} data-request-id={request.id}>
                  <TD>
                    <Link href={`/admin/erasure-requests/${request.id}`} className={linkClass}>
                      {request.personName}
                    </Link>
                  </TD>
                  <TD>
                    <ErasureStatusBadge status={request.status} overdue={request.overdue} />
                  </TD>
                  <TD>{request.scope === 'full' ? 'Everything' : `${request.partialFields.length} ${request.partialFields.length === 1 ? 'detail' : 'details'}`}</TD>
                  <TD className="whitespace-nowrap">{formatDateTime(request.requestedAt)}</TD>
                  <TD className={request.overdue ? 'font-medium text-red-800' : undefined}>{describeDeadline(request)}</TD>
                </TR>
              ))}
            </TBody>
          </Table>
        )}
        <CursorPager firstHref={cursor ? hrefOf(filters) : null} nextHref={page.pagination.nextCursor ? hrefOf(filters, page.pagination.nextCursor) : null} />
      </Card>
    </>
  );
}
