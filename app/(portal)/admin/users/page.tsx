import Link from 'next/link';
import { redirect } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { ButtonLink, buttonClasses } from '@/components/ui/button';
import { CursorPager } from '@/components/ui/cursor-pager';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { Field, Input, Select } from '@/components/ui/field';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { ValidationError } from '@/lib/platform/core/errors';
import { Role, roles } from '@/lib/platform/auth/roles';
import { listInvitations } from '@/lib/people/invitations/list-invitations';
import { listUsers } from '@/lib/people/users/list-users';
import { dutiesInOrder, dutyLabels } from '@/lib/people/users/duty-labels';
import { roleLabels } from '@/lib/people/users/role-labels';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { InviteForm } from './invite-form';
import { RevokeInvitationButton } from './revoke-invitation-button';
import { UserDutiesForm } from './user-duties-form';
import { UserRowActions } from './user-row-actions';

export const metadata = { title: 'Users' };

const PAGE_SIZE = 25;
type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value)?.trim() ?? '';
}

/** The URL is the state of the list: search, filters and page are shareable links. */
function readFilters(params: Record<string, string | string[] | undefined>) {
  const q = first(params.q).slice(0, 100);
  const role = Role.safeParse(first(params.role));
  const status = first(params.status);
  const cursor = first(params.cursor);
  return {
    q,
    role: role.success ? role.data : undefined,
    status: status === 'active' || status === 'deactivated' ? status : '',
    cursor: cursor && cursor.length <= 512 ? cursor : undefined,
    invite: first(params.invite) === '1',
  };
}

function pageHref(filters: ReturnType<typeof readFilters>, cursor?: string): string {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.role) search.set('role', filters.role);
  if (filters.status) search.set('status', filters.status);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  return query ? `/admin/users?${query}` : '/admin/users';
}

export default async function UsersPage({ searchParams }: { searchParams: SearchParams }) {
  const portal = await requirePortalContext('ADMIN');
  const filters = readFilters(await searchParams);
  const [users, invitations] = await withPortalTransaction(portal, (tx, ctx) =>
    Promise.all([
      listUsers(tx, ctx, {
        q: filters.q || undefined,
        role: filters.role,
        isActive: filters.status ? filters.status === 'active' : undefined,
        cursor: filters.cursor,
        limit: PAGE_SIZE,
      }),
      listInvitations(tx, ctx, { limit: 100 }),
    ]),
  ).catch((error: unknown) => {
    // A stale or edited cursor in a shared link starts the same list from its first page.
    if (error instanceof ValidationError && filters.cursor) redirect(pageHref(filters));
    throw error;
  });
  const filtered = Boolean(filters.q || filters.role || filters.status);

  return (
    <>
      <PageHeader
        title="Users"
        description={`Everyone who has signed in to ${portal.organisation.name}. Roles and duties apply from their next page view.`}
        actions={
          <ButtonLink href="/admin/users?invite=1#invite" variant="secondary">
            Invite by e-mail
          </ButtonLink>
        }
      />
      <div className="space-y-6">
        <Card aria-labelledby="invite-heading" id="invite" className={filters.invite ? 'ring-2 ring-brand/40' : undefined}>
          <CardHeader id="invite-heading" title="Invite by e-mail" description="The invitee gets a welcome e-mail; their first sign-in with this address gives them the role chosen here." />
          <CardBody>
            <InviteForm focus={filters.invite} />
          </CardBody>
        </Card>

        {invitations.data.length > 0 ? (
          <Card aria-labelledby="pending-heading">
            <CardHeader id="pending-heading" title="Pending invitations" description={`${invitations.pagination.total} not yet accepted`} />
            <ul className="divide-y divide-slate-100" data-testid="pending-invitations">
              {invitations.data.map((invitation) => (
                <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 px-5 py-3">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-slate-900">{invitation.email}</p>
                    <p className="text-xs text-slate-600">
                      {roleLabels[invitation.role]} · invited by {invitation.invitedBy.name} · <LocalDateTime value={invitation.createdAt} />
                    </p>
                  </div>
                  <RevokeInvitationButton invitationId={invitation.id} email={invitation.email} />
                </li>
              ))}
            </ul>
          </Card>
        ) : null}

        <Card aria-labelledby="people-heading">
          <CardHeader
            id="people-heading"
            title="People"
            description={`${users.pagination.total} ${users.pagination.total === 1 ? 'user' : 'users'}${filtered ? ' match' : ''}`}
          />
          <CardBody className="border-b border-slate-100">
            <form role="search" aria-label="Filter users" action="/admin/users" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_11rem_11rem_auto] sm:items-end">
              <Field label="Name or e-mail" htmlFor="users-q">
                <Input id="users-q" name="q" type="search" defaultValue={filters.q} maxLength={100} placeholder="Search…" />
              </Field>
              <Field label="Role" htmlFor="users-role">
                <Select id="users-role" name="role" defaultValue={filters.role ?? ''}>
                  <option value="">All roles</option>
                  {roles.map((role) => (
                    <option key={role} value={role}>
                      {roleLabels[role]}
                    </option>
                  ))}
                </Select>
              </Field>
              <Field label="Status" htmlFor="users-status">
                <Select id="users-status" name="status" defaultValue={filters.status}>
                  <option value="">Any status</option>
                  <option value="active">Active</option>
                  <option value="deactivated">Deactivated</option>
                </Select>
              </Field>
              <div className="flex gap-2">
                <button type="submit" className={buttonClasses('primary')}>
                  Search
                </button>
                {filtered ? (
                  <Link href="/admin/users" className={buttonClasses('ghost')}>
                    Clear
                  </Link>
                ) : null}
              </div>
            </form>
          </CardBody>

          {users.data.length === 0 ? (
            <div className="p-5">
              <EmptyState title="No users match" description="Try another name or e-mail, or clear the filters." />
            </div>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label="Users" data-testid="user-list">
              {users.data.map((user) => {
                const name = `${user.firstName} ${user.lastName}`;
                return (
                  <li
                    key={user.id}
                    data-testid="user-row"
                    className="grid gap-3 px-5 py-4 md:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,1.6fr)] md:items-start"
                  >
                    <div className="min-w-0">
                      <p className="truncate text-sm font-medium text-slate-900">
                        {name}
                        {user.id === portal.user.id ? <span className="ml-2 text-xs font-normal text-slate-500">(you)</span> : null}
                      </p>
                      <p className="truncate text-sm text-slate-600">{user.email ?? 'No e-mail'}</p>
                    </div>
                    <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
                      <Badge tone={user.role === 'ADMIN' ? 'info' : 'neutral'}>{roleLabels[user.role]}</Badge>
                      <Badge tone={user.isActive ? 'success' : 'danger'}>{user.isActive ? 'Active' : 'Deactivated'}</Badge>
                      <p className="w-full text-xs text-slate-600" data-testid="user-duties">
                        {user.duties.length > 0 ? (
                          <>
                            Duties:{' '}
                            <span className="font-medium text-slate-900">
                              {dutiesInOrder.filter((duty) => user.duties.includes(duty)).map((duty) => dutyLabels[duty]).join(', ')}
                            </span>
                          </>
                        ) : (
                          'No duties'
                        )}
                      </p>
                      <p className="w-full text-xs text-slate-600">
                        Last sign-in: {user.lastSeenAt ? <LocalDateTime value={user.lastSeenAt} /> : 'never'}
                      </p>
                    </div>
                    <div className="flex min-w-0 flex-col gap-2">
                      <UserRowActions user={{ id: user.id, name, role: user.role, isActive: user.isActive }} isSelf={user.id === portal.user.id} />
                      <UserDutiesForm user={{ id: user.id, name, duties: user.duties }} />
                    </div>
                  </li>
                );
              })}
            </ul>
          )}

          <CursorPager
            firstHref={filters.cursor ? pageHref(filters) : null}
            nextHref={users.pagination.nextCursor ? pageHref(filters, users.pagination.nextCursor) : null}
          />
        </Card>
      </div>
    </>
  );
}
