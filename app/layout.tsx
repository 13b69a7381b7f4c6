import type { Metadata } from 'next';
import { connection } from 'next/server';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { default: 'Quartermaster', template: '%s · Quartermaster' },
  description: 'Record your equipment and lend it to your people.',
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page runs its scripts under the request's CSP nonce (proxy.ts), which only a page rendered for
  // the request can carry: nothing is prerendered at build time, not even the 404 page.
  await connection();
  return (
    <html lang="en">
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">{children}</body>
    </html>
  );
}
