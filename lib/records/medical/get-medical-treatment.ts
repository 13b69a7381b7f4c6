import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { medicalTreatments } from '@/db/schema';
import { hasDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import type { MedicalTreatment } from './schemas';
import { findTreatmentRow, revealTreatments } from './treatment-store';

/**
 * The MEDICAL duty reads any treatment, an erased subject's included; anyone else only their own. Someone
 * else's treatment answers 404 like a missing one, so its existence does not leak.
 */
export async function getMedicalTreatment(tx: Tx, ctx: RequestContext, treatmentId: string): Promise<MedicalTreatment> {
  const scope = hasDuty(ctx, 'MEDICAL') ? undefined : eq(medicalTreatments.personId, ctx.user.personId);
  const [treatment] = await revealTreatments(tx, ctx, [await findTreatmentRow(tx, ctx, treatmentId, scope)]);
  return treatment!;
}
