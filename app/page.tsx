import Link from 'next/link';
import { notFound, redirect } from 'next/navigation';
import { getConfig } from '@/lib/platform/config';
import { demoTenants } from '@/db/seed/demo-tenants';
import { currentTenant } from '@/lib/transport/portal/current-tenant';

export const dynamic = 'force-dynamic';

export default async function HomePage() {
  const { key, organisation } = await currentTenant();
  if (key && !organisation) notFound();
  // A tenant's address opens its portal; the dashboard sends a signed-out visitor to the branded login.
  if (organisation) redirect('/dashboard');
  const { DEMO_MODE } = getConfig();
  return (
    <main className="mx-auto flex min-h-screen max-w-2xl flex-col justify-center gap-6 px-6">
      <h1 className="text-4xl font-semibold">Quartermaster</h1>
      <p className="text-lg text-slate-600">Record your organisation&apos;s equipment and lend it to your people.</p>
      {DEMO_MODE ? (
        <nav aria-label="Demo organisations" className="flex flex-col gap-2">
          <p className="font-medium">Open a demo organisation:</p>
          {demoTenants.map((t) => (
            // No prefetch: a prefetched ?tenant= would already remember that organisation, unchosen.
            <Link key={t.slug} href={`/login?tenant=${t.slug}`} prefetch={false} className="text-brand underline underline-offset-4">
              {t.name}
            </Link>
          ))}
        </nav>
      ) : (
        <p className="text-slate-600">Open your organisation at its own address, for example https://acme.your-domain.</p>
      )}
    </main>
  );
}
