// GET|POST /api/auth/* – Auth.js: sign-in with the identity provider, callback, session, sign-out
import { NextRequest } from 'next/server';
import { handlers } from '@/auth';

type Handler = (request: NextRequest) => Promise<Response>;

/**
 * `next start` gives route handlers a URL on its own listening host, but Auth.js builds the callback URL of
 * the token exchange from request.url. Every tenant is its own host, so the URL is rebuilt from the Host
 * header, the same header the proxy keyed the tenant on (and that built the authorization request).
 */
function onRequestHost(handler: Handler): Handler {
  return (request) => {
    const host = request.headers.get('host');
    if (!host) return handler(request);
    const url = new URL(request.url);
    url.host = host;
    return handler(new NextRequest(url, request));
  };
}

export const GET = onRequestHost(handlers.GET);
export const POST = onRequestHost(handlers.POST);
