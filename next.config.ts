import type { NextConfig } from 'next';

const nextConfig: NextConfig = {
  // Native / WASM database drivers stay outside the bundle and load from node_modules at run time.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'ioredis', 'oidc-provider'],
  poweredByHeader: false,
  typedRoutes: false,
};

export default nextConfig;
