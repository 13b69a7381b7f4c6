import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { BrandColours } from '@/lib/organisation/branding/brand-colours';
import { BrandPreview } from './brand-preview';

const planNames = { FREE: 'Free', PRO_SMALL: 'Pro Small', PRO_STANDARD: 'Pro Standard', PRO_PLUS: 'Pro Plus', ENTERPRISE: 'Enterprise' } as const;

/** Below Pro Standard: the defaults everyone sees, read-only, and what an upgrade unlocks. */
export function BrandingUpgradeHint({ organisationName, currentPlan, defaults }: { organisationName: string; currentPlan: keyof typeof planNames; defaults: { colours: BrandColours; tagline: string } }) {
  const swatches = [
    { label: 'Primary', value: defaults.colours.primary },
    { label: 'Accent', value: defaults.colours.accent },
    { label: 'Background', value: defaults.colours.background },
    { label: 'Muted text', value: defaults.colours.muted },
  ];
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
      <div className="min-w-0 space-y-6">
        <Card aria-labelledby="upgrade-heading" data-testid="branding-upgrade-hint">
          <CardBody className="space-y-3">
            <div className="flex flex-wrap items-center gap-2">
              <h2 id="upgrade-heading" className="text-base font-semibold text-slate-900">
                Branding is available from Pro Standard
              </h2>
              <Badge tone="warning">{`Your plan: ${planNames[currentPlan]}`}</Badge>
            </div>
            <p className="text-sm text-slate-700">
              With Pro Standard or higher you can use your own colours and logo, a tagline on the sign-in page, your wording in e-mails, an image for
              social sharing and your own domain. Until then, everyone sees the standard Quartermaster look below.
            </p>
            <p className="text-sm text-slate-700">To upgrade, contact your Quartermaster account manager.</p>
          </CardBody>
        </Card>
        <Card aria-labelledby="defaults-heading">
          <CardHeader id="defaults-heading" title="Current look" description="The standard branding, shown read-only." />
          <CardBody className="space-y-4">
            <dl className="grid gap-3 sm:grid-cols-2">
              {swatches.map((swatch) => (
                <div key={swatch.label} className="flex items-center gap-3">
                  <span aria-hidden="true" className="h-8 w-8 shrink-0 rounded-md ring-1 ring-slate-300" style={{ backgroundColor: swatch.value }} />
                  <div>
                    <dt className="text-sm font-medium text-slate-800">{swatch.label}</dt>
                    <dd className="font-mono text-xs text-slate-600">{swatch.value}</dd>
                  </div>
                </div>
              ))}
            </dl>
            <dl className="grid gap-3 text-sm sm:grid-cols-2">
              <div>
                <dt className="font-medium text-slate-800">Logo</dt>
                <dd className="text-slate-600">The organisation’s initial</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-800">Sign-in tagline</dt>
                <dd className="text-slate-600">{defaults.tagline}</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-800">E-mail texts</dt>
                <dd className="text-slate-600">Standard wording</dd>
              </div>
              <div>
                <dt className="font-medium text-slate-800">Custom domain</dt>
                <dd className="text-slate-600">None</dd>
              </div>
            </dl>
          </CardBody>
        </Card>
      </div>
      <aside className="space-y-2">
        <h2 className="text-sm font-semibold text-slate-900">Preview</h2>
        <BrandPreview name={organisationName} colours={defaults.colours} logoSrc={null} tagline={defaults.tagline} />
      </aside>
    </div>
  );
}
