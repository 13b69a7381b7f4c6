import { ConflictError, DomainError } from '@/lib/platform/core/errors';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { BRANDING_REQUIRED_PLAN } from '@/lib/platform/tenancy/branding-plan';

export function planUpgradeRequired(currentPlan: TenantOrganisation['planTier']): DomainError {
  return new DomainError('forbidden', 'PLAN_UPGRADE_REQUIRED', 'Branding is available from the Pro Standard plan.', { requiredPlan: BRANDING_REQUIRED_PLAN, currentPlan });
}

export function customDomainConflict(domain: string): ConflictError {
  return new ConflictError('CUSTOM_DOMAIN_CONFLICT', `${domain} is already used by another organisation.`, { customDomain: domain });
}
