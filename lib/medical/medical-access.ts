import { hasDuty } from '@/lib/auth/duties';
import type { RequestContext } from '@/lib/core/context';
import { ForbiddenError } from '@/lib/core/errors';

/** Medical data is for the MEDICAL duty only; the ADMIN role grants none of it (README, "Roles and duties"). */
export function assertMedicalDuty(ctx: RequestContext, action: string): void {
  if (!hasDuty(ctx, 'MEDICAL')) throw new ForbiddenError(`${action} requires the MEDICAL duty.`, { requiredDuty: 'MEDICAL' });
}
