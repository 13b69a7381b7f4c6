import type { Branding } from '@/db/schema/organisations';
import type { TenantOrganisation } from '@/lib/platform/core/context';

type PlanTier = TenantOrganisation['planTier'];

export const BRANDING_REQUIRED_PLAN = 'PRO_STANDARD' satisfies PlanTier;

const BRANDED_PLANS: ReadonlySet<PlanTier> = new Set(['PRO_STANDARD', 'PRO_PLUS', 'ENTERPRISE']);

export function isBrandingAllowed(planTier: PlanTier): boolean {
  return BRANDED_PLANS.has(planTier);
}

/**
 * The branding people actually see. Below Pro Standard the stored branding (kept from a former plan) is
 * ignored everywhere (login, portal, e-mails), so a downgrade takes effect without deleting anything.
 */
export function effectiveBranding(planTier: PlanTier, branding: Branding): Branding {
  return isBrandingAllowed(planTier) ? branding : {};
}
