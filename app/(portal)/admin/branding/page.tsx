import { BrandingForm } from '@/components/branding/branding-form';
import { BrandingUpgradeHint } from '@/components/branding/branding-upgrade-hint';
import { PageHeader } from '@/components/ui/page-header';
import { svgLogoDataUri } from '@/emails/svg-logo';
import { defaultBrandColours, defaultLoginTagline } from '@/lib/organisation/branding/brand-colours';
import { getBranding } from '@/lib/organisation/branding/get-branding';
import { getConfig } from '@/lib/platform/config';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { saveBrandingAction } from '@/lib/transport/portal/actions/branding-actions';

export const metadata = { title: 'Branding' };

const defaults = { colours: defaultBrandColours, tagline: defaultLoginTagline };

export default async function BrandingPage() {
  const portal = await requirePortalContext('ADMIN');
  const view = await withPortalTransaction(portal, (tx, ctx) => getBranding(tx, ctx));
  return (
    <>
      <PageHeader title="Branding" description="Your colours, logo and wording on the sign-in page, in the portal and in e-mails." />
      {view.brandingAllowed ? (
        <BrandingForm
          action={saveBrandingAction}
          organisationName={portal.organisation.name}
          settings={view.branding}
          storedLogoDataUri={svgLogoDataUri(view.branding.logoSvg)}
          defaults={defaults}
          tenantHost={`${portal.organisation.slug}.${getConfig().WEB_DOMAIN}`}
        />
      ) : (
        <BrandingUpgradeHint organisationName={portal.organisation.name} currentPlan={view.currentPlan} defaults={defaults} />
      )}
    </>
  );
}
