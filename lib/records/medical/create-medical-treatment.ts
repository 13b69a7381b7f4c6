import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { medicalTreatments, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { personNotFound } from '@/lib/people/persons/to-person-dto';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { CreateMedicalTreatmentBody, MedicalTreatment } from './schemas';
import { findTreatmentRow, revealTreatments } from './treatment-store';

export async function createMedicalTreatment(tx: Tx, ctx: RequestContext, input: CreateMedicalTreatmentBody): Promise<MedicalTreatment> {
  assertDuty(ctx, 'MEDICAL', 'Recording a treatment');
  const [person] = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, input.personId)));
  if (!person) throw personNotFound(input.personId, ctx.organisationId);
  const [created] = await tx
    .insert(medicalTreatments)
    .values({
      organisationId: ctx.organisationId,
      personId: input.personId,
      diagnosis: await encryptField(tx, ctx, 'medicalTreatment.diagnosis', input.diagnosis),
      detailedNotes: input.detailedNotes === null ? null : await encryptField(tx, ctx, 'medicalTreatment.detailedNotes', input.detailedNotes),
      treatedByUserId: ctx.user.id,
      startedAt: new Date(input.startedAt),
      treatmentEndedAt: input.treatmentEndedAt === null ? null : new Date(input.treatmentEndedAt),
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: medicalTreatments.id });
  // The audit names the encrypted fields that were set, never their values.
  await recordAudit(tx, ctx, {
    action: 'MEDICAL_TREATMENT_CREATED',
    targetType: 'MEDICAL_TREATMENT',
    targetId: created!.id,
    changes: {
      personId: { before: null, after: input.personId },
      startedAt: { before: null, after: new Date(input.startedAt).toISOString() },
      treatmentEndedAt: { before: null, after: input.treatmentEndedAt === null ? null : new Date(input.treatmentEndedAt).toISOString() },
    },
    metadata: { fields: ['diagnosis', ...(input.detailedNotes === null ? [] : ['detailedNotes'])] },
  });
  const [treatment] = await revealTreatments(tx, ctx, [await findTreatmentRow(tx, ctx, created!.id)]);
  return treatment!;
}
