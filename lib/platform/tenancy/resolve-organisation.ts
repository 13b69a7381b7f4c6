import { sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import { type Database, rowsOf } from '@/db/client';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { isBrandingAllowed } from '@/lib/platform/tenancy/branding-plan';
import type { TenantKey } from './tenant-from-host';

type Row = {
  id: string;
  slug: string;
  name: string;
  plan_tier: TenantOrganisation['planTier'];
  custom_rate_limits: TenantOrganisation['customRateLimits'];
  custom_domain: string | null;
};

// Also the longest a changed custom domain or plan can be served stale by another instance; the instance
// that made the change forgets its entries at once (forgetOrganisation).
const CACHE_TTL_MS = 10_000;
// Hosts are client-chosen; a cap keeps random sub-domains from growing the cache without bound.
const CACHE_MAX_ENTRIES = 10_000;
// A host that names no tenant is remembered too (value null); lru-cache holds objects only.
type CacheEntry = { value: TenantOrganisation | null };
// Next.js bundles route handlers and pages into separate module graphs, each with its own copy of this module;
// one process-wide cache lets a change made through the API (forgetOrganisation) reach the pages' lookups too.
const globalCache = globalThis as typeof globalThis & { __quartermasterTenantCache?: LRUCache<string, CacheEntry> };
const cache = (globalCache.__quartermasterTenantCache ??= new LRUCache<string, CacheEntry>({ max: CACHE_MAX_ENTRIES, ttl: CACHE_TTL_MS }));

/** Host -> tenant, before any tenant context exists (a SECURITY DEFINER lookup; see migration 0002). */
export async function resolveOrganisation(db: Database, key: TenantKey): Promise<TenantOrganisation | null> {
  const cacheKey = 'slug' in key ? `s:${key.slug}` : `d:${key.domain}`;
  const hit = cache.get(cacheKey);
  if (hit) return hit.value;
  const slug = 'slug' in key ? key.slug : null;
  const domain = 'domain' in key ? key.domain : null;
  const result = await db.execute(sql`select * from app_resolve_organisation(${slug}, ${domain})`);
  const found = rowsOf<Row>(result)[0];
  // A custom domain is part of branding: below Pro Standard the tenant is served at its sub-domain only.
  const row = found && 'domain' in key && !isBrandingAllowed(found.plan_tier) ? undefined : found;
  const value: TenantOrganisation | null = row
    ? { id: row.id, slug: row.slug, name: row.name, planTier: row.plan_tier, customRateLimits: row.custom_rate_limits, customDomain: row.custom_domain }
    : null;
  cache.set(cacheKey, { value });
  return value;
}

export function forgetOrganisation(slug: string, domain: string | null): void {
  cache.delete(`s:${slug}`);
  if (domain) cache.delete(`d:${domain}`);
}
