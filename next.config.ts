import type { NextConfig } from 'next';

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=()' },
];

const nextConfig: NextConfig = {
  // Native / WASM database drivers stay outside the bundle and load from node_modules at run time. So does
  // pdfkit (the report PDFs): it loads its standard-font data through createRequire relative to its own files;
  // fontkit with it, so the report fonts parsed by lib/privacy/reports/pdf/report-pdf-fonts.ts and pdfkit share one copy.
  serverExternalPackages: ['@electric-sql/pglite', 'postgres', 'ioredis', 'pdfkit', 'fontkit'],
  // The report PDFs' fonts (lib/privacy/reports/pdf/report-pdf-fonts.ts) are read at run time, out of the bundler's sight;
  // any server route or job may render a report.
  outputFileTracingIncludes: {
    '/**': [
      './node_modules/@expo-google-fonts/noto-sans/{package.json,LICENSE_FONT}',
      './node_modules/@expo-google-fonts/noto-sans/{400Regular,700Bold}/*.ttf',
      './node_modules/dejavu-fonts-ttf/{package.json,LICENSE}',
      './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans{,-Bold}.ttf',
    ],
  },
  poweredByHeader: false,
  typedRoutes: false,
  // forbidden() for a signed-in user whose role is too low (app/forbidden.tsx).
  // Asset photos (up to 5 MB, lib/lending/assets/photo-type.ts) travel through a server action with the form.
  experimental: { authInterrupts: true, serverActions: { bodySizeLimit: '6mb' } },
  headers: async () => [{ source: '/:path*', headers: securityHeaders }],
};

export default nextConfig;
