import { headers } from 'next/headers';
import type { TenantOrganisation } from '@/lib/core/context';
import { getConfig } from '@/lib/config';
import { getDb } from '@/lib/db/get-db';
import { resolveOrganisation } from '@/lib/tenancy/resolve-organisation';
import { decodeTenantKey, TENANT_HEADER, tenantFromHost, type TenantKey } from '@/lib/tenancy/tenant-from-host';

export type PageTenant = { key: TenantKey | null; organisation: TenantOrganisation | null };

/**
 * The tenant of the current request, as proxy.ts keyed it. Where the proxy's header is absent (a request
 * Next.js makes internally), the Host header decides the same way, never a client-chosen parameter.
 */
export async function currentTenant(): Promise<PageTenant> {
  const requestHeaders = await headers();
  const { WEB_DOMAIN } = getConfig();
  const key =
    decodeTenantKey(requestHeaders.get(TENANT_HEADER)) ??
    tenantFromHost({ host: requestHeaders.get('host'), tenantParam: null, demoCookie: null }, { webDomain: WEB_DOMAIN, demoMode: false });
  if (!key) return { key: null, organisation: null };
  return { key, organisation: await resolveOrganisation(await getDb(), key) };
}
