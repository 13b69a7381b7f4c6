import { notFound } from 'next/navigation';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { ApproverRulesEditor } from '@/components/catalogue/approver-rules-editor';
import { listCategories } from '@/lib/lending/categories/list-categories';
import { getConfig } from '@/lib/platform/config';
import { getLoanPolicy } from '@/lib/lending/loans/policy';
import { listLocations } from '@/lib/lending/locations/list-locations';
import { getOrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import { getOrganisationSettings } from '@/lib/organisation/settings/get-organisation-settings';
import { listApprovers } from '@/lib/people/users/list-approvers';
import { listUserNames } from '@/lib/people/users/list-user-names';
import { roleLabels } from '@/lib/people/users/role-labels';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { LoanPolicyForm } from './loan-policy-form';
import { LegalContactForm } from './legal-contact-form';
import { OrganisationForm } from './organisation-form';
import { RegistryLinkForm } from './registry-card';

export const metadata = { title: 'Settings & loan policy' };

const planNames = { FREE: 'Free', PRO_SMALL: 'Pro Small', PRO_STANDARD: 'Pro Standard', PRO_PLUS: 'Pro Plus', ENTERPRISE: 'Enterprise' } as const;

function retentionInWords(days: number): string {
  const years = Math.round(days / 365.25);
  return years >= 1 ? `${days} days (about ${years} ${years === 1 ? 'year' : 'years'})` : `${days} days`;
}

export default async function SettingsPage() {
  const portal = await requirePortalContext('ADMIN');
  const { profile, registry, policy, approvers, categories, locations, ruleApprovers } = await withPortalTransaction(portal, async (tx, ctx) => {
    const [organisation, settings, loanPolicy, approverList, categoryPage, locationPage] = await Promise.all([
      getOrganisationProfile(tx, ctx.organisationId),
      getOrganisationSettings(tx, ctx.organisationId),
      getLoanPolicy(tx, ctx.organisationId),
      listApprovers(tx, ctx.organisationId),
      listCategories(tx, ctx, { limit: 100 }),
      listLocations(tx, ctx, { limit: 100 }),
    ]);
    const named = loanPolicy.approverRules.flatMap((rule) => (rule.approverUserId ? [rule.approverUserId] : []));
    return {
      profile: organisation,
      registry: settings,
      policy: loanPolicy,
      approvers: approverList,
      categories: categoryPage.data.map((c) => ({ id: c.id, name: c.name })),
      locations: locationPage.data.map((l) => ({ id: l.id, name: l.name })),
      ruleApprovers: await listUserNames(tx, ctx.organisationId, named),
    };
  });
  if (!profile) notFound();

  return (
    <>
      <PageHeader title="Settings & loan policy" description="Your organisation's details and the rules every loan follows." />
      <div className="space-y-6">
        <Card aria-labelledby="organisation-heading">
          <CardHeader id="organisation-heading" title="Organisation" description="Changes are recorded in the audit log." />
          <CardBody className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <div className="space-y-6">
              <OrganisationForm name={profile.name} />
              <LegalContactForm legalContactEmail={profile.legalContactEmail} />
            </div>
            <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 self-start rounded-lg bg-slate-50 p-4 text-sm">
              <dt className="text-slate-600">Address</dt>
              <dd className="break-all font-medium text-slate-900">{profile.customDomain ?? `${profile.slug}.${getConfig().WEB_DOMAIN}`}</dd>
              <dt className="text-slate-600">Plan</dt>
              <dd>
                <Badge tone="info">{planNames[profile.planTier]}</Badge>
              </dd>
              <dt className="text-slate-600">Audit retention</dt>
              <dd className="text-slate-900">
                <span data-testid="audit-retention">{retentionInWords(profile.auditRetentionDays)}</span>
                <span className="block text-xs text-slate-600">Set by your plan; entries older than this are purged.</span>
              </dd>
            </dl>
          </CardBody>
        </Card>

        <Card aria-labelledby="registry-heading">
          <CardHeader id="registry-heading" title="Sports registry" description="The registry is the master of your official data; it is mirrored here read-only. Your name as shown, custom domain and branding stay yours." />
          <CardBody className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
            <RegistryLinkForm registryId={registry.registryId} />
            {registry.registryOfficial ? (
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 self-start rounded-lg bg-slate-50 p-4 text-sm" aria-label="Official data from the registry">
                <dt className="text-slate-600">Official name</dt>
                <dd className="font-medium text-slate-900">{registry.registryOfficial.name}</dd>
                <dt className="text-slate-600">Registration number</dt>
                <dd className="text-slate-900">{registry.registryOfficial.registrationNumber ?? '—'}</dd>
                <dt className="text-slate-600">Region</dt>
                <dd className="text-slate-900">{registry.registryOfficial.region ?? '—'}</dd>
                <dt className="text-slate-600">Sports</dt>
                <dd className="text-slate-900">{registry.registryOfficial.sports.join(', ') || '—'}</dd>
                <dt className="text-slate-600">Official e-mail</dt>
                <dd className="break-all text-slate-900">{registry.registryOfficial.officialEmail ?? '—'}</dd>
                <dt className="text-slate-600">Status</dt>
                <dd>{registry.registryOfficial.active ? <Badge tone="success">Active at the registry</Badge> : <Badge tone="warning">Deactivated at the registry</Badge>}</dd>
                <dt className="text-slate-600">Last synced</dt>
                <dd className="text-slate-900">{registry.registrySyncedAt ? new Date(registry.registrySyncedAt).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }) + ' UTC' : '—'}</dd>
              </dl>
            ) : (
              <p className="self-start rounded-lg bg-slate-50 p-4 text-sm text-slate-600">Not linked to the registry: enter your registry id to mirror your official data.</p>
            )}
          </CardBody>
        </Card>

        <Card aria-labelledby="policy-heading">
          <CardHeader id="policy-heading" title="Loan policy" description="Changes are recorded in the audit log and apply to new requests and extensions." />
          <CardBody>
            <LoanPolicyForm policy={policy} approvers={approvers} />
          </CardBody>
        </Card>

        <Card aria-labelledby="rules-heading">
          <CardHeader
            id="rules-heading"
            title="Approver rules"
            description="Who approves a request, by the asset's category and location. The first rule that matches an asset decides, so put the narrower rules first; a request no rule matches goes to the default approver above. Changes are recorded in the audit log."
          />
          <CardBody>
            <ApproverRulesEditor
              rules={policy.approverRules}
              categories={categories}
              locations={locations}
              approvers={approvers.map((approver) => ({ id: approver.id, name: approver.name, role: roleLabels[approver.role] }))}
              formerApprovers={Object.fromEntries(ruleApprovers)}
            />
          </CardBody>
        </Card>
      </div>
    </>
  );
}
