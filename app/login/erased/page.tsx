import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { signOutAction } from '@/components/portal/sign-out';
import { buttonClasses } from '@/components/ui/button';
import { getDb } from '@/lib/platform/db/get-db';
import { getOrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import { currentTenant } from '@/lib/transport/portal/current-tenant';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';

export const dynamic = 'force-dynamic';
export const metadata: Metadata = { title: 'Account erased' };

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

/**
 * Where a sign-in with an erased identity ends (auth.ts, lib/privacy/erasure/erased-sign-in.ts), and a session of an
 * account erased meanwhile. It names no person: anyone may open it, and it says only what applies to everyone.
 */
export default async function AccountErasedPage({ searchParams }: { searchParams: SearchParams }) {
  const { key, organisation } = await currentTenant();
  if (!organisation) {
    if (key) notFound();
    redirect('/');
  }
  const retention = (await searchParams).reason === 'retention';
  const profile = await withTenant(await getDb(), organisation.id, (tx) => getOrganisationProfile(tx, organisation.id));
  const contact = profile?.legalContactEmail ?? null;
  return (
    <main className="flex min-h-screen items-start justify-center bg-surface px-6 py-12 lg:items-center">
      <div className="w-full max-w-lg space-y-6 rounded-lg border border-slate-200 bg-white p-8 shadow-sm" role="alert" aria-labelledby="erased-heading">
        <h1 id="erased-heading" className="text-2xl font-semibold text-slate-900">
          {retention ? 'This account was closed' : 'This account was erased'}
        </h1>
        <p className="text-sm text-slate-700" data-testid="erased-explanation">
          {retention
            ? `This account at ${organisation.name} was deactivated more than three years ago, and its personal data has been erased as the organisation's retention rules require. You can no longer sign in with it.`
            : `At your request, ${organisation.name} erased your personal data and closed this account. You can no longer sign in with it, and signing in again does not open a new one.`}
        </p>
        <p className="text-sm text-slate-700" data-testid="erased-contact">
          {contact ? (
            <>
              {`If you want to use ${organisation.name} again, or believe this is a mistake, write to its data protection contact at `}
              <a className="font-medium text-brand underline" href={`mailto:${contact}`}>
                {contact}
              </a>
              {', or ask one of its administrators.'}
            </>
          ) : (
            `If you want to use ${organisation.name} again, or believe this is a mistake, ask one of its administrators: they can have a new sign-in identity issued for you.`
          )}
        </p>
        <form action={signOutAction}>
          <button type="submit" className={buttonClasses('secondary', 'md')}>
            Sign in with another account
          </button>
        </form>
      </div>
    </main>
  );
}
