import { z } from 'zod';
import { userDutyEnum } from '@/db/schema/enums';
import { ForbiddenError } from '@/lib/platform/core/errors';

export const Duty = z.enum(userDutyEnum.enumValues);
export type Duty = z.infer<typeof Duty>;

/**
 * Duties are orthogonal to the lending roles: ADMIN does not imply any of them, so an admin without MEDICAL
 * reads no medical data.
 */
export function hasDuty(ctx: { user: { duties: readonly Duty[] } | null }, duty: Duty): boolean {
  return ctx.user?.duties.includes(duty) ?? false;
}

/** `action` reads as the start of a sentence: "Recording a treatment" requires the MEDICAL duty. */
export function assertDuty(ctx: { user: { duties: readonly Duty[] } | null }, duty: Duty, action: string): void {
  if (!hasDuty(ctx, duty)) throw new ForbiddenError(`${action} requires the ${duty} duty.`, { requiredDuty: duty });
}
