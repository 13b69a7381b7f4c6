import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { medicalTreatments } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { MedicalTreatment, UpdateMedicalTreatmentBody } from './schemas';
import { findTreatmentRow, revealTreatments } from './treatment-store';

export async function updateMedicalTreatment(tx: Tx, ctx: RequestContext, treatmentId: string, input: UpdateMedicalTreatmentBody): Promise<MedicalTreatment> {
  assertDuty(ctx, 'MEDICAL', 'Changing a treatment');
  const before = await findTreatmentRow(tx, ctx, treatmentId);
  const startedAt = input.startedAt === undefined ? before.startedAt : new Date(input.startedAt);
  const treatmentEndedAt = input.treatmentEndedAt === undefined ? before.treatmentEndedAt : input.treatmentEndedAt === null ? null : new Date(input.treatmentEndedAt);
  if (treatmentEndedAt && treatmentEndedAt < startedAt) {
    throw new ValidationError('The treatment cannot end before it started.', { location: 'body', issues: [{ path: 'treatmentEndedAt', code: 'custom', message: 'The treatment cannot end before it started.' }] });
  }
  const encrypted: { diagnosis?: Buffer; detailedNotes?: Buffer | null } = {};
  if (input.diagnosis !== undefined) encrypted.diagnosis = await encryptField(tx, ctx, 'medicalTreatment.diagnosis', input.diagnosis);
  if (input.detailedNotes !== undefined) {
    encrypted.detailedNotes = input.detailedNotes === null ? null : await encryptField(tx, ctx, 'medicalTreatment.detailedNotes', input.detailedNotes);
  }
  await tx
    .update(medicalTreatments)
    .set({ ...encrypted, startedAt, treatmentEndedAt, updatedAt: ctx.now })
    .where(and(eq(medicalTreatments.organisationId, ctx.organisationId), eq(medicalTreatments.id, treatmentId)));
  const after = await findTreatmentRow(tx, ctx, treatmentId);
  const changes = diffChanges(before, after, ['startedAt', 'treatmentEndedAt']);
  const fields = [...Object.keys(changes), ...Object.keys(encrypted)];
  if (fields.length > 0) {
    await recordAudit(tx, ctx, {
      action: 'MEDICAL_TREATMENT_UPDATED',
      targetType: 'MEDICAL_TREATMENT',
      targetId: treatmentId,
      changes,
      metadata: { fields, ...Object.fromEntries(Object.keys(encrypted).map((field) => [field, { changed: true }])) },
    });
  }
  const [treatment] = await revealTreatments(tx, ctx, [after]);
  return treatment!;
}
