import { headers } from 'next/headers';
import type { TenantOrganisation } from '@/lib/api/context';
import { getDb } from '@/lib/db/get-db';
import { resolveOrganisation } from '@/lib/tenancy/resolve-organisation';
import { decodeTenantKey, TENANT_HEADER, type TenantKey } from '@/lib/tenancy/tenant-from-host';

export type PageTenant = { key: TenantKey | null; organisation: TenantOrganisation | null };

/** The tenant of the current page request, as proxy.ts keyed it; null organisation when unknown. */
export async function currentTenant(): Promise<PageTenant> {
  const key = decodeTenantKey((await headers()).get(TENANT_HEADER));
  if (!key) return { key: null, organisation: null };
  return { key, organisation: await resolveOrganisation(await getDb(), key) };
}
