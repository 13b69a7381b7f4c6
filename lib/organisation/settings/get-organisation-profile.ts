import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { organisations } from '@/db/schema';
import type { Branding } from '@/db/schema/organisations';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { effectiveBranding, isBrandingAllowed } from '@/lib/platform/tenancy/branding-plan';

export type OrganisationProfile = {
  id: string;
  slug: string;
  name: string;
  planTier: TenantOrganisation['planTier'];
  customDomain: string | null;
  auditRetentionDays: number;
  /** Where the monthly legal report is e-mailed; null: stored only. */
  legalContactEmail: string | null;
  /** The tenant's own branding applies from Pro Standard up; below it everyone sees the defaults. */
  brandingAllowed: boolean;
  branding: Branding;
};

export async function getOrganisationProfile(tx: Tx, organisationId: string): Promise<OrganisationProfile | null> {
  const [row] = await tx
    .select({
      id: organisations.id,
      slug: organisations.slug,
      name: organisations.name,
      planTier: organisations.planTier,
      customDomain: organisations.customDomain,
      auditRetentionDays: organisations.auditRetentionDays,
      legalContactEmail: organisations.legalContactEmail,
      branding: organisations.branding,
    })
    .from(organisations)
    .where(eq(organisations.id, organisationId));
  if (!row) return null;
  return { ...row, brandingAllowed: isBrandingAllowed(row.planTier), branding: effectiveBranding(row.planTier, row.branding) };
}
