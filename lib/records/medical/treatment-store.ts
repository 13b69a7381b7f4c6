import { and, eq, type SQL } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { medicalTreatments } from '@/db/schema';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { MedicalTreatment } from './schemas';

export const treatmentColumns = {
  id: medicalTreatments.id,
  personId: medicalTreatments.personId,
  subjectPseudonym: medicalTreatments.subjectPseudonym,
  diagnosis: medicalTreatments.diagnosis,
  detailedNotes: medicalTreatments.detailedNotes,
  treatedByUserId: medicalTreatments.treatedByUserId,
  startedAt: medicalTreatments.startedAt,
  treatmentEndedAt: medicalTreatments.treatmentEndedAt,
  createdAt: medicalTreatments.createdAt,
  updatedAt: medicalTreatments.updatedAt,
};

export type TreatmentRow = {
  id: string;
  personId: string | null;
  subjectPseudonym: string | null;
  diagnosis: Buffer | null;
  detailedNotes: Buffer | null;
  treatedByUserId: string | null;
  startedAt: Date;
  treatmentEndedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export function medicalTreatmentNotFound(treatmentId: string, organisationId: string): NotFoundError {
  return new NotFoundError('MEDICAL_TREATMENT_NOT_FOUND', 'The medical treatment does not exist.', { treatmentId, organisationId });
}

export async function findTreatmentRow(tx: Tx, ctx: Pick<RequestContext, 'organisationId'>, treatmentId: string, scope?: SQL): Promise<TreatmentRow> {
  const [row] = await tx
    .select(treatmentColumns)
    .from(medicalTreatments)
    .where(and(eq(medicalTreatments.organisationId, ctx.organisationId), eq(medicalTreatments.id, treatmentId), scope));
  if (!row) throw medicalTreatmentNotFound(treatmentId, ctx.organisationId);
  return row;
}

/** Decrypts the rows for the response and audits the read of each one in the same transaction. */
export async function revealTreatments(tx: Tx, ctx: RequestContext, rows: readonly TreatmentRow[]): Promise<MedicalTreatment[]> {
  const open = (stored: Buffer | null, field: 'medicalTreatment.diagnosis' | 'medicalTreatment.detailedNotes') =>
    stored ? decryptField(tx, ctx, field, stored) : Promise.resolve(null);
  const treatments: MedicalTreatment[] = [];
  for (const row of rows) {
    treatments.push({
      ...row,
      diagnosis: await open(row.diagnosis, 'medicalTreatment.diagnosis'),
      detailedNotes: await open(row.detailedNotes, 'medicalTreatment.detailedNotes'),
      startedAt: row.startedAt.toISOString(),
      treatmentEndedAt: row.treatmentEndedAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    });
  }
  await recordSensitiveReads(
    tx,
    ctx,
    'MEDICAL_TREATMENT',
    rows.map((r) => r.id),
    ['diagnosis', 'detailedNotes'],
  );
  return treatments;
}
