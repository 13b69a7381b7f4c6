import { getDb } from '@/lib/platform/db/get-db';
import { resolveOrganisation } from '@/lib/platform/tenancy/resolve-organisation';
import { decodeTenantKey, TENANT_HEADER } from '@/lib/platform/tenancy/tenant-from-host';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';

/** The organisation served at the request's address (proxy.ts put its key in a header), or null. */
export async function findRequestTenant(request: Request): Promise<TenantOrganisation | null> {
  const key = decodeTenantKey(request.headers.get(TENANT_HEADER));
  return key ? resolveOrganisation(await getDb(), key) : null;
}

export async function resolveRequestTenant(request: Request): Promise<TenantOrganisation> {
  const organisation = await findRequestTenant(request);
  if (!organisation) {
    const key = decodeTenantKey(request.headers.get(TENANT_HEADER));
    throw new NotFoundError('TENANT_NOT_FOUND', 'No organisation is served at this address.', key ? { tenant: Object.values(key)[0] } : {});
  }
  return organisation;
}
