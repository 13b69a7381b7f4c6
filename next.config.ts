import type { NextConfig } from 'next';

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()' },
];

const nextConfig: NextConfig = {
  // Native / WASM database drivers stay outside the bundle and load from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'ioredis', 'oidc-provider'],
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden() for a signed-in user whose role is too low (app/forbidden.tsx).
  // Asset photos (up to 5 MB, lib/assets/photo-type.ts) travel through a server action with the form.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: '6mb' } },
  headers: async () => [{ source: '/:path*', headers: securityHeaders }],
};

export default nextConfig;
