import { headers } from 'next/headers';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { getConfig } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/get-db';
import { resolveOrganisation } from '@/lib/platform/tenancy/resolve-organisation';
import { decodeTenantKey, PATH_HEADER, TENANT_HEADER, tenantFromHost, type TenantKey } from '@/lib/platform/tenancy/tenant-from-host';

export type PageTenant = { key: TenantKey | null; organisation: TenantOrganisation | null };

/** Whether this request named its tenant only through the remembered demo cookie, not its host or ?tenant=. */
function keyedByDemoCookie(requestHeaders: Headers, webDomain: string): boolean {
  if (tenantFromHost({ host: requestHeaders.get('host'), tenantParam: null, demoCookie: null }, { webDomain, demoMode: false })) return false;
  const path = requestHeaders.get(PATH_HEADER) ?? '';
  return !new URLSearchParams(path.split('?')[1] ?? '').has('tenant');
}

/**
 * The tenant of the current request, as proxy.ts keyed it. Where the proxy's header is absent (a request
 * Next.js makes internally), the Host header decides the same way, never a client-chosen parameter.
 * A demo cookie naming no organisation (left by a visit to ?tenant=nosuch) counts as no tenant: it must not
 * turn every later visit into a 404 until it is cleared.
 */
export async function currentTenant(): Promise<PageTenant> {
  const requestHeaders = await headers();
  const { WEB_DOMAIN } = getConfig();
  const key =
    decodeTenantKey(requestHeaders.get(TENANT_HEADER)) ??
    tenantFromHost({ host: requestHeaders.get('host'), tenantParam: null, demoCookie: null }, { webDomain: WEB_DOMAIN, demoMode: false });
  if (!key) return { key: null, organisation: null };
  const organisation = await resolveOrganisation(await getDb(), key);
  if (!organisation && keyedByDemoCookie(requestHeaders, WEB_DOMAIN)) return { key: null, organisation: null };
  return { key, organisation };
}
