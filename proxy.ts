import { type NextRequest, NextResponse } from 'next/server';
import { rejectMalformedApiPath } from '@/lib/api/reject-malformed-path';
import { getConfig } from '@/lib/config';
import { DEMO_TENANT_COOKIE, encodeTenantKey, PATH_HEADER, TENANT_HEADER, tenantFromHost } from '@/lib/tenancy/tenant-from-host';

// Routing only: host -> tenant key in a request header. Whether the tenant exists, and who may do what,
// is decided on the server by the route or page (DESIGN.md: the proxy never authorises).
export function proxy(request: NextRequest) {
  const malformed = rejectMalformedApiPath(request.nextUrl.pathname);
  if (malformed) return malformed;
  const { WEB_DOMAIN, DEMO_MODE } = getConfig();
  const tenantParam = request.nextUrl.searchParams.get('tenant');
  const key = tenantFromHost(
    { host: request.headers.get('host'), tenantParam, demoCookie: request.cookies.get(DEMO_TENANT_COOKIE)?.value ?? null },
    { webDomain: WEB_DOMAIN, demoMode: DEMO_MODE },
  );
  const headers = new Headers(request.headers);
  // A client must never choose its tenant by sending this header itself.
  headers.delete(TENANT_HEADER);
  if (key) headers.set(TENANT_HEADER, encodeTenantKey(key));
  // Pages cannot see their own URL; the sign-in gate uses it to come back after signing in.
  headers.set(PATH_HEADER, `${request.nextUrl.pathname}${request.nextUrl.search}`);
  const response = NextResponse.next({ request: { headers } });
  if (DEMO_MODE && key && 'slug' in key && tenantParam && !request.nextUrl.pathname.startsWith('/api/')) {
    response.cookies.set(DEMO_TENANT_COOKIE, key.slug, { httpOnly: true, sameSite: 'lax', path: '/' });
  }
  return response;
}

export const config = {
  matcher: ['/((?!_next/static|_next/image|favicon.ico).*)'],
};
