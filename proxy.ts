import { type NextRequest, NextResponse } from 'next/server';
import { rejectMalformedApiPath } from '@/lib/transport/http/reject-malformed-path';
import { getConfig } from '@/lib/platform/config';
import { buildSecurityHeaders } from '@/lib/platform/security/build-security-headers';
import { DEMO_TENANT_COOKIE, encodeTenantKey, PATH_HEADER, TENANT_HEADER, tenantFromHost } from '@/lib/platform/tenancy/tenant-from-host';

function cameOverHttps(request: NextRequest): boolean {
  const forwarded = request.headers.get('x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase();
  return forwarded === 'https' || request.nextUrl.protocol === 'https:';
}

// Routing only: host -> tenant key in a request header. Whether the tenant exists, and who may do what,
// is decided on the server by the route or page (DESIGN.md: the proxy never authorises).
export function proxy(request: NextRequest) {
  const { WEB_DOMAIN, DEMO_MODE, OIDC_ISSUER, NODE_ENV } = getConfig();
  const tenantParam = request.nextUrl.searchParams.get('tenant');
  const key = tenantFromHost(
    { host: request.headers.get('host'), tenantParam, demoCookie: request.cookies.get(DEMO_TENANT_COOKIE)?.value ?? null },
    { webDomain: WEB_DOMAIN, demoMode: DEMO_MODE },
  );
  const { pathname } = request.nextUrl;
  // The nonce, the path and the policy on the request are for pages; an API response's policy has no nonce.
  const isApi = pathname.startsWith('/api/');
  const nonce = isApi ? '' : Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString('base64');
  const security = buildSecurityHeaders({
    pathname,
    https: cameOverHttps(request),
    nonce,
    oidcIssuer: OIDC_ISSUER,
    development: NODE_ENV === 'development',
  });
  const malformed = rejectMalformedApiPath(pathname);
  if (malformed) {
    for (const [name, value] of Object.entries(security)) malformed.headers.set(name, value);
    return malformed;
  }
  const headers = new Headers(request.headers);
  // A client must never choose its tenant by sending this header itself.
  headers.delete(TENANT_HEADER);
  if (key) headers.set(TENANT_HEADER, encodeTenantKey(key));
  if (isApi) headers.delete(PATH_HEADER);
  else {
    // Pages cannot see their own URL; the sign-in gate uses it to come back after signing in.
    headers.set(PATH_HEADER, `${pathname}${request.nextUrl.search}`);
    // Next.js takes the nonce for its own scripts from the policy on the request (pages render dynamically).
    headers.set('Content-Security-Policy', security['Content-Security-Policy']!);
  }
  const response = NextResponse.next({ request: { headers } });
  for (const [name, value] of Object.entries(security)) response.headers.set(name, value);
  if (DEMO_MODE && key && 'slug' in key && tenantParam && !isApi) {
    response.cookies.set(DEMO_TENANT_COOKIE, key.slug, { httpOnly: true, sameSite: 'lax', path: '/' });
  }
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
