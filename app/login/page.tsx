import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { cache } from 'react';
import { auth } from '@/auth';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { svgLogoDataUri } from '@/emails/svg-logo';
import { TenantMark } from '@/components/portal/tenant-mark';
import { buttonClasses } from '@/components/ui/button';
import { isEmbeddedDemo } from '@/lib/organisation/demo/is-embedded-demo';
import { brandCssVariables, defaultLoginTagline, resolveBrandColours } from '@/lib/organisation/branding/brand-colours';
import { getConfig } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/get-db';
import { getOrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import { safeReturnPath } from '@/lib/transport/portal/safe-return-path';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { currentTenant } from '@/lib/transport/portal/current-tenant';
import { signInAsDemoUser, signInWithSso } from './actions';
import { demoAccountLabel } from './demo-account-label';
import { describeSignInError } from './sign-in-errors';

export const dynamic = 'force-dynamic';

// One lookup per request for both the metadata and the page.
const loadProfile = cache(async (organisationId: string) => withTenant(await getDb(), organisationId, (tx) => getOrganisationProfile(tx, organisationId)));

/** The tenant's sharing image (Pro Standard and above), so a shared sign-in link previews in its colours. */
export async function generateMetadata(): Promise<Metadata> {
  const { organisation } = await currentTenant();
  if (!organisation) return { title: 'Sign in' };
  const profile = await loadProfile(organisation.id);
  const title = `Sign in · ${organisation.name}`;
  const image = profile?.branding.socialImageUrl;
  return {
    title: 'Sign in',
    openGraph: { title, siteName: organisation.name, ...(image ? { images: [{ url: image }] } : {}) },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, ...(image ? { images: [image] } : {}) },
  };
}


type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function LoginPage({ searchParams }: { searchParams: SearchParams }) {
  const { key, organisation } = await currentTenant();
  if (!organisation) {
    if (key) notFound();
    redirect('/');
  }
  const params = await searchParams;
  const callbackUrl = safeReturnPath(typeof params.callbackUrl === 'string' ? params.callbackUrl : undefined);
  const session = await auth();
  if (session?.userId && session.organisationId === organisation.id && !params.error) redirect(callbackUrl);

  const profile = await loadProfile(organisation.id);
  const branding = profile?.branding ?? {};
  const logo = svgLogoDataUri(branding.logoSvg);
  const config = getConfig();
  const error = describeSignInError(typeof params.error === 'string' ? params.error : undefined);
  const demoUsers = isEmbeddedDemo(config) ? demoAccounts.filter((a) => a.organisationId === organisation.id) : [];

  return (
    <div style={brandCssVariables(resolveBrandColours(branding))} className="grid min-h-screen bg-surface lg:grid-cols-2">
      <section aria-label={`${organisation.name} welcome`} className="flex flex-col justify-between gap-6 bg-brand px-6 py-8 text-brand-foreground sm:px-12 lg:gap-10 lg:py-16" data-testid="login-hero">
        <div className="flex items-center gap-3">
          <span className="rounded-lg bg-white p-1.5">
            <TenantMark name={organisation.name} logoDataUri={logo} size={40} />
          </span>
          <span className="text-lg font-semibold">{organisation.name}</span>
        </div>
        <div className="max-w-md">
          <p className="text-2xl font-semibold leading-tight sm:text-4xl" data-testid="login-tagline">
            {branding.loginTagline ?? defaultLoginTagline}
          </p>
          <div className="mt-4 h-1 w-16 rounded bg-brand-accent lg:mt-6" aria-hidden="true" />
        </div>
        <p className="hidden text-sm opacity-80 lg:block">Powered by Quartermaster</p>
      </section>
      <main className="flex items-start justify-center px-6 py-8 lg:items-center lg:py-12">
        <div className="w-full max-w-sm space-y-8">
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{`Sign in to ${organisation.name}`}</h1>
            <p className="mt-2 text-sm text-slate-600">Use your organisation account. You will come back here once you have signed in.</p>
          </div>
          {error ? (
            <p role="alert" data-testid="sign-in-error" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          ) : null}
          {config.OIDC_ISSUER ? (
            <form action={signInWithSso}>
              <input type="hidden" name="callbackUrl" value={callbackUrl} />
              <button type="submit" className={buttonClasses('primary', 'md', 'w-full')}>
                Sign in with single sign-on
              </button>
            </form>
          ) : (
            <p className="text-sm text-slate-700">Single sign-on is not configured on this server (OIDC_ISSUER).</p>
          )}
          {demoUsers.length ? (
            <section aria-labelledby="demo-heading" className="space-y-3 border-t border-slate-200 pt-6">
              <div>
                <h2 id="demo-heading" className="text-sm font-semibold text-slate-900">
                  Demo: sign in as a seeded user
                </h2>
                <p className="text-xs text-slate-600">Only in the embedded demo. Pick a person to look around with their role and duties.</p>
              </div>
              <ul className="space-y-2">
                {demoUsers.map((account) => (
                  <li key={account.accountId}>
                    <form action={signInAsDemoUser}>
                      <input type="hidden" name="accountId" value={account.accountId} />
                      <input type="hidden" name="callbackUrl" value={callbackUrl} />
                      <button type="submit" className={buttonClasses('secondary', 'md', 'h-auto min-h-10 w-full flex-wrap justify-between gap-x-3 whitespace-normal py-2 text-left')}>
                        <span>{`${account.givenName} ${account.familyName}`}</span>
                        <span className="text-xs text-slate-600" data-testid="demo-account-role">
                          {demoAccountLabel(account)}
                        </span>
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </div>
      </main>
    </div>
  );
}
