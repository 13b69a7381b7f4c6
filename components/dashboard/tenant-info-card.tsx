import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import type { OrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import { formatNumber } from './format';

const planLabels: Record<OrganisationProfile['planTier'], string> = {
  FREE: 'Free',
  PRO_SMALL: 'Pro Small',
  PRO_STANDARD: 'Pro Standard',
  PRO_PLUS: 'Pro Plus',
  ENTERPRISE: 'Enterprise',
};

function retention(days: number): string {
  const years = Math.round(days / 365.25);
  return years >= 1 && Math.abs(years * 365.25 - days) < 1 ? `${years} years (${formatNumber(days)} days)` : `${formatNumber(days)} days`;
}

export function TenantInfoCard({ profile, domain }: { profile: OrganisationProfile; domain: string }) {
  return (
    <Card aria-labelledby="tenant-heading">
      <CardHeader
        id="tenant-heading"
        title="Organisation"
        action={
          <Link href="/admin/settings" className="text-sm font-medium text-brand hover:underline">
            Settings
          </Link>
        }
      />
      <CardBody>
        <dl className="divide-y divide-slate-100 text-sm">
          <div className="flex flex-wrap justify-between gap-2 pb-2">
            <dt className="text-slate-600">Name</dt>
            <dd className="font-medium text-slate-900" data-testid="tenant-name">{profile.name}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2 py-2">
            <dt className="text-slate-600">Domain</dt>
            <dd className="break-all font-mono text-slate-900" data-testid="tenant-domain">{domain}</dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2 py-2">
            <dt className="text-slate-600">Plan</dt>
            <dd data-testid="tenant-plan">
              <Badge tone="info">{planLabels[profile.planTier]}</Badge>
            </dd>
          </div>
          <div className="flex flex-wrap justify-between gap-2 pt-2">
            <dt className="text-slate-600">Audit retention</dt>
            <dd className="font-medium text-slate-900" data-testid="tenant-retention">{retention(profile.auditRetentionDays)}</dd>
          </div>
        </dl>
      </CardBody>
    </Card>
  );
}
