import { eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { organisations } from '@/db/schema';
import type { Branding } from '@/db/schema/organisations';
import type { RequestContext } from '@/lib/platform/core/context';
import { BRANDING_REQUIRED_PLAN, isBrandingAllowed } from '@/lib/platform/tenancy/branding-plan';
import { type BrandingSettings, type BrandingView, emailTemplateKeys } from './schemas';

export function toBrandingSettings(branding: Branding, customDomain: string | null): BrandingSettings {
  const template = (key: (typeof emailTemplateKeys)[number]) => ({
    subject: branding.emailTemplates?.[key]?.subject ?? null,
    intro: branding.emailTemplates?.[key]?.intro ?? null,
  });
  return {
    primaryColor: branding.primaryColor ?? null,
    accentColor: branding.accentColor ?? null,
    backgroundColor: branding.backgroundColor ?? null,
    mutedColor: branding.mutedColor ?? null,
    logoSvg: branding.logoSvg ?? null,
    loginTagline: branding.loginTagline ?? null,
    socialImageUrl: branding.socialImageUrl ?? null,
    emailTemplates: { welcome: template('welcome'), loanApproved: template('loanApproved'), reminder: template('reminder') },
    customDomain,
  };
}

/** The stored branding and whether the plan applies it (an admin keeps seeing what a downgrade set aside). */
export async function getBranding(tx: Executor, ctx: Pick<RequestContext, 'organisationId'>): Promise<BrandingView> {
  const [row] = await tx
    .select({ planTier: organisations.planTier, branding: organisations.branding, customDomain: organisations.customDomain })
    .from(organisations)
    .where(eq(organisations.id, ctx.organisationId));
  if (!row) throw new Error(`Organisation ${ctx.organisationId} is not visible in its own transaction`);
  return {
    brandingAllowed: isBrandingAllowed(row.planTier),
    currentPlan: row.planTier,
    requiredPlan: BRANDING_REQUIRED_PLAN,
    branding: toBrandingSettings(row.branding, row.customDomain),
  };
}
