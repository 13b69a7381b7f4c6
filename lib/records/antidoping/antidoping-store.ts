import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { antidopingRecords } from '@/db/schema';
import { recordSensitiveReads } from '@/lib/platform/audit/record-sensitive-reads';
import { hasDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { AntidopingRecord } from './schemas';

export const antidopingColumns = {
  id: antidopingRecords.id,
  personId: antidopingRecords.personId,
  subjectPseudonym: antidopingRecords.subjectPseudonym,
  testedAt: antidopingRecords.testedAt,
  kind: antidopingRecords.kind,
  result: antidopingRecords.result,
  authority: antidopingRecords.authority,
  notes: antidopingRecords.notes,
  createdAt: antidopingRecords.createdAt,
  updatedAt: antidopingRecords.updatedAt,
};

export type AntidopingRow = Omit<AntidopingRecord, 'testedAt' | 'createdAt' | 'updatedAt'> & { testedAt: Date; createdAt: Date; updatedAt: Date };

// What a read discloses, and what the audit log names by field only.
export const SENSITIVE_FIELDS = ['result', 'notes'] as const;

export function antidopingRecordNotFound(recordId: string, organisationId: string): NotFoundError {
  return new NotFoundError('ANTIDOPING_RECORD_NOT_FOUND', 'The anti-doping record does not exist.', { recordId, organisationId });
}

/**
 * The MEDICAL duty reads any record, an erased athlete's included; anyone else only their own. Someone else's
 * answers 404 like a missing one, so its existence does not leak.
 */
export async function findReadableAntidopingRecord(tx: Tx, ctx: RequestContext, recordId: string): Promise<AntidopingRow> {
  const scope = hasDuty(ctx, 'MEDICAL') ? undefined : eq(antidopingRecords.personId, ctx.user.personId);
  const [row] = await tx
    .select(antidopingColumns)
    .from(antidopingRecords)
    .where(and(eq(antidopingRecords.organisationId, ctx.organisationId), eq(antidopingRecords.id, recordId), scope));
  if (!row) throw antidopingRecordNotFound(recordId, ctx.organisationId);
  return row;
}

/**
 * The rows for the response, each read audited in the same transaction, as for medical treatments: the
 * athlete's reads of their own records too, so the access history of a record is complete.
 */
export async function revealAntidopingRecords(tx: Tx, ctx: RequestContext, rows: readonly AntidopingRow[]): Promise<AntidopingRecord[]> {
  await recordSensitiveReads(
    tx,
    ctx,
    'ANTIDOPING_RECORD',
    rows.map((row) => row.id),
    SENSITIVE_FIELDS,
  );
  return rows.map((row) => ({ ...row, testedAt: row.testedAt.toISOString(), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() }));
}
