// Pure host parsing, shared by proxy.ts and tests; no database access here (the proxy only routes).
export const TENANT_HEADER = 'x-quartermaster-tenant';
/** The requested path and query, for pages that must come back to it after signing in. */
export const PATH_HEADER = 'x-quartermaster-path';
export const DEMO_TENANT_COOKIE = 'qm_demo_tenant';

export type TenantKey = { slug: string } | { domain: string };

const SLUG = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const RESERVED = new Set(['www', 'api', 'app', 'admin', 'auth']);

export function isValidSlug(value: string): boolean {
  return SLUG.test(value) && !RESERVED.has(value);
}

function hostname(hostHeader: string): string {
  const host = hostHeader.trim().toLowerCase();
  if (host.startsWith('[')) return host.slice(0, host.indexOf(']') + 1);
  return host.replace(/:\d+$/, '').replace(/\.$/, '');
}

function isLoopbackOrIp(host: string): boolean {
  return host === 'localhost' || /^\d{1,3}(\.\d{1,3}){3}$/.test(host) || host.startsWith('[');
}

export type HostInput = { host: string | null; tenantParam: string | null; demoCookie: string | null };
export type HostOptions = { webDomain: string; demoMode: boolean };

export function tenantFromHost({ host, tenantParam, demoCookie }: HostInput, { webDomain, demoMode }: HostOptions): TenantKey | null {
  const name = hostname(host ?? '');
  const domain = webDomain.toLowerCase();
  if (name.endsWith(`.${domain}`)) {
    const sub = name.slice(0, -(domain.length + 1));
    if (isValidSlug(sub)) return { slug: sub };
  } else if (name && name !== domain && !isLoopbackOrIp(name) && !name.endsWith('.localhost')) {
    return { domain: name };
  }
  if (!demoMode) return null;
  const demoSlug = (tenantParam ?? demoCookie ?? '').toLowerCase();
  return isValidSlug(demoSlug) ? { slug: demoSlug } : null;
}

export function encodeTenantKey(key: TenantKey): string {
  return 'slug' in key ? `slug:${key.slug}` : `domain:${key.domain}`;
}

export function decodeTenantKey(value: string | null): TenantKey | null {
  if (!value) return null;
  const [kind, ...rest] = value.split(':');
  const name = rest.join(':');
  if (kind === 'slug' && isValidSlug(name)) return { slug: name };
  if (kind === 'domain' && name) return { domain: name };
  return null;
}
