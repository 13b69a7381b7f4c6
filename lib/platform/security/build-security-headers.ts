export type SecurityHeaderInput = {
  pathname: string;
  /** The request reached us over TLS (directly, or as the load balancer's X-Forwarded-Proto says). */
  https: boolean;
  /** Fresh per request: the only way a script may run on a page (with what it loads, 'strict-dynamic'). */
  nonce: string;
  /** Sign-in hands the browser to the identity provider, without JavaScript as a form redirect. */
  oidcIssuer?: string;
  /** React's development build evaluates code for its error overlay; production never needs eval. */
  development: boolean;
};

// Two years, as the HSTS preload list asks; tenants are sub-domains of one platform domain.
const HSTS = 'max-age=63072000; includeSubDomains';

// An API response is data, never a document: nothing in it may load or run, and nobody may frame it.
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

function pagePolicy({ pathname, nonce, oidcIssuer, development }: SecurityHeaderInput): string {
  const apiReference = pathname === '/docs';
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ''}`,
    // Style attributes cannot carry a nonce, and the brand colours, logo sizes and progress bars are style
    // attributes (React's style prop). Inline CSS cannot run script; the other directives keep it from
    // loading anything from elsewhere.
    "style-src 'self' 'unsafe-inline'",
    // Logos are data: URIs, photo previews before upload are blob: URLs.
    "img-src 'self' data: blob:",
    // The API reference's styles (Redoc) carry an icon font as a data: URI.
    `font-src 'self'${apiReference ? ' data:' : ''}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    `form-action 'self'${oidcIssuer ? ` ${new URL(oidcIssuer).origin}` : ''}`,
    "frame-ancestors 'none'",
  ];
  // The API reference (Redoc) runs its search index in a worker it creates from a blob.
  if (apiReference) directives.push("worker-src 'self' blob:");
  return directives.join('; ');
}

/**
 * The response headers that depend on the request: Content-Security-Policy (a nonce-based policy for
 * pages, a deny-all policy for the API) and Strict-Transport-Security, sent only over HTTPS because
 * browsers ignore it on plain HTTP. The static ones (nosniff, X-Frame-Options, …) are in next.config.ts.
 */
export function buildSecurityHeaders(input: SecurityHeaderInput): Record<string, string> {
  const isApi = input.pathname === '/api' || input.pathname.startsWith('/api/');
  return {
    'Content-Security-Policy': isApi ? API_POLICY : pagePolicy(input),
    ...(input.https ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}
