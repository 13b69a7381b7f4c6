import { randomUUID } from 'node:crypto';
import { forbidden, notFound, redirect } from 'next/navigation';
import { headers } from 'next/headers';
import { cache } from 'react';
import { auth } from '@/auth';
import type { Tx } from '@/db/client';
import { createContext, type RequestContext, type TenantOrganisation } from '@/lib/platform/core/context';
import type { Duty } from '@/lib/platform/auth/duties';
import { hasRole, type Role } from '@/lib/platform/auth/roles';
import { getDb } from '@/lib/platform/db/get-db';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { safeReturnPath } from '@/lib/transport/portal/safe-return-path';
import { PATH_HEADER } from '@/lib/platform/tenancy/tenant-from-host';
import { getPortalUser } from '@/lib/people/users/get-portal-user';
import { currentTenant } from '@/lib/transport/portal/current-tenant';


export type PortalContext = {
  organisation: TenantOrganisation;
  user: { id: string; personId: string; role: Role; duties: Duty[]; name: string; email: string | null };
  requestId: string;
  now: Date;
};

// One lookup per render, however many components ask.
const loadPortalContext = cache(async (): Promise<PortalContext | 'signed-out' | 'inactive' | 'erased' | 'closed'> => {
  const { key, organisation } = await currentTenant();
  if (!organisation) {
    if (key) notFound();
    redirect('/');
  }
  const session = await auth();
  // A session belongs to the organisation it was opened for; anything else is treated as no session.
  if (!session?.userId || session.organisationId !== organisation.id) return 'signed-out';
  const user = await withTenant(await getDb(), organisation.id, (tx) => getPortalUser(tx, organisation.id, session.userId));
  if (!user) return 'signed-out';
  if (user.erasure) return user.erasure === 'retention' ? 'closed' : 'erased';
  if (!user.isActive) return 'inactive';
  return {
    organisation,
    user: { id: user.id, personId: user.personId, role: user.role, duties: user.duties, name: user.name, email: user.email },
    requestId: randomUUID(),
    now: new Date(),
  };
});

/**
 * The gate of every portal page and server action: a signed-in, active user of this host's tenant with at
 * least `minRole`. The database decides role and isActive on each request, so an admin's change applies at once.
 */
export async function requirePortalContext(minRole: Role = 'EMPLOYEE'): Promise<PortalContext> {
  const context = await loadPortalContext();
  if (context === 'signed-out') {
    const back = safeReturnPath((await headers()).get(PATH_HEADER));
    redirect(`/login?callbackUrl=${encodeURIComponent(back)}`);
  }
  if (context === 'inactive') redirect('/login?error=AccountDeactivated');
  if (context === 'erased') redirect('/login/erased');
  if (context === 'closed') redirect('/login/erased?reason=retention');
  if (!hasRole(context.user.role, minRole)) forbidden();
  return context;
}

/** One tenant-scoped RLS transaction for lib/ calls; afterCommit callbacks run only once it has committed. */
export async function withPortalTransaction<T>(portal: PortalContext, fn: (tx: Tx, ctx: RequestContext) => Promise<T>): Promise<T> {
  const { id, personId, role, duties } = portal.user;
  const { ctx, runAfterCommit } = createContext({ organisation: portal.organisation, user: { id, personId, role, duties }, requestId: portal.requestId, now: portal.now });
  const result = await withTenant(await getDb(), portal.organisation.id, (tx) => fn(tx, ctx));
  runAfterCommit();
  return result;
}
