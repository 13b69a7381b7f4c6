import type { Tx } from '@/db/client';
import { extractBearerToken, type AccessTokenClaims } from '@/lib/platform/auth/verify-access-token';
import { hasRole, type Role } from '@/lib/platform/auth/roles';
import { loadActingUser } from '@/lib/people/users/load-acting-user';
import { createContext, type TenantOrganisation } from '@/lib/platform/core/context';
import { ForbiddenError, UnauthenticatedError } from '@/lib/platform/core/errors';
import { chargeClient, chargeTenant, type LimitHeaders } from './charge-rate-limit';
import { resolveRequestTenant } from './resolve-request-tenant';
import { getPseudonymSecret, getTokenVerifier } from './services';

/** A bearer-token call admitted for one tenant: the organisation at the request's address and the token's claims. */
export type Caller = { organisation: TenantOrganisation; claims: AccessTokenClaims };

async function authenticate(request: Request, organisation: TenantOrganisation) {
  const claims = await getTokenVerifier().verify(extractBearerToken(request.headers.get('authorization')));
  // A token is valid for the tenant it was issued for and no other.
  if (claims.organisationId !== organisation.id) {
    throw new UnauthenticatedError('The token was not issued for this organisation.', { reason: 'tenant_mismatch' });
  }
  return claims;
}

/**
 * Tenant -> token -> rate limit, for every bearer-token call (the REST API's route() and the MCP server): the
 * tenant's bucket pays for a verified token, the client's own bucket for anything else. `limitHeaders` receives
 * the headers of the bucket charged as soon as it is charged, so an error answer that follows carries them too.
 */
export async function admitCaller(request: Request, limitHeaders: LimitHeaders): Promise<Caller> {
  const organisation = await resolveRequestTenant(request);
  const claims = await authenticate(request, organisation).catch(async (error: unknown) => {
    // Only a verified token for this tenant may spend its quota (issue 11, finding 2).
    if (error instanceof UnauthenticatedError) Object.assign(limitHeaders, await chargeClient(request, organisation.id));
    throw error;
  });
  Object.assign(limitHeaders, await chargeTenant(organisation));
  return { organisation, claims };
}

/**
 * Inside the caller's tenant-scoped transaction: the acting user (the stored account decides role and active
 * state; a first call provisions it), the minimum role, and the context every lib/ function takes.
 */
export async function enterAsCaller(tx: Tx, caller: Caller, requestId: string, role: Role) {
  const user = await loadActingUser(tx, caller.organisation.id, caller.claims, requestId, { pseudonymSecret: getPseudonymSecret() });
  if (!hasRole(user.role, role)) {
    throw new ForbiddenError(`This action requires the ${role} role or higher.`, { requiredRole: role });
  }
  return createContext({ organisation: caller.organisation, user, requestId });
}
