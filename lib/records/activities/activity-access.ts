import { type Duty, hasDuty } from '@/lib/platform/auth/duties';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { ForbiddenError } from '@/lib/platform/core/errors';

/** Coaches and admins keep every person's activities; anyone else only sees their own (docs/privacy/roles-and-duties.md). */
export function canManageActivities(ctx: { user: { role: Role; duties: readonly Duty[] } }): boolean {
  return ctx.user.role === 'ADMIN' || hasDuty(ctx, 'COACH');
}

export function assertManageActivities(ctx: RequestContext, action: string): void {
  if (!canManageActivities(ctx)) throw new ForbiddenError(`${action} requires the ADMIN role or the COACH duty.`, { requiredRole: 'ADMIN', orDuty: 'COACH' });
}
