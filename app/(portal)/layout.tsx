import type { ReactNode } from 'react';
import { PortalHeader } from '@/components/portal/portal-header';
import { brandCssVariables, resolveBrandColours } from '@/lib/organisation/branding/brand-colours';
import { getOrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import { svgLogoDataUri } from '@/emails/svg-logo';
import { countUnreadNotifications } from '@/lib/platform/notifications/count-unread-notifications';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const dynamic = 'force-dynamic';

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const portal = await requirePortalContext();
  const { profile, unread } = await withPortalTransaction(portal, async (tx, ctx) => ({
    profile: await getOrganisationProfile(tx, portal.organisation.id),
    unread: await countUnreadNotifications(tx, ctx),
  }));
  const branding = profile?.branding ?? {};
  return (
    <div style={brandCssVariables(resolveBrandColours(branding))} className="min-h-screen bg-surface">
      <a href="#main" className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50">
        Skip to content
      </a>
      <PortalHeader organisationName={portal.organisation.name} logoDataUri={svgLogoDataUri(branding.logoSvg)} user={portal.user} unreadNotifications={unread} />
      <main id="main" className="mx-auto max-w-7xl px-4 py-6 sm:px-6 lg:px-8">
        {children}
      </main>
    </div>
  );
}
