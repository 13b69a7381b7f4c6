import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { antidopingRecords } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { antidopingColumns, findReadableAntidopingRecord, revealAntidopingRecords, SENSITIVE_FIELDS } from './antidoping-store';
import type { AntidopingRecord, UpdateAntidopingRecordBody } from './schemas';

export async function updateAntidopingRecord(tx: Tx, ctx: RequestContext, recordId: string, input: UpdateAntidopingRecordBody): Promise<AntidopingRecord> {
  assertDuty(ctx, 'MEDICAL', 'Changing a doping control');
  const before = await findReadableAntidopingRecord(tx, ctx, recordId);
  const [after] = await tx
    .update(antidopingRecords)
    .set({
      testedAt: input.testedAt === undefined ? undefined : new Date(input.testedAt),
      kind: input.kind,
      result: input.result,
      authority: input.authority,
      notes: input.notes,
      updatedAt: ctx.now,
    })
    .where(and(eq(antidopingRecords.organisationId, ctx.organisationId), eq(antidopingRecords.id, recordId)))
    .returning(antidopingColumns);
  const changes = diffChanges(before, after!, ['testedAt', 'kind', 'authority']);
  const hidden = SENSITIVE_FIELDS.filter((field) => before[field] !== after![field]);
  const fields = [...Object.keys(changes), ...hidden];
  if (fields.length > 0) {
    await recordAudit(tx, ctx, {
      action: 'ANTIDOPING_RECORD_UPDATED',
      targetType: 'ANTIDOPING_RECORD',
      targetId: recordId,
      changes,
      metadata: { fields, ...Object.fromEntries(hidden.map((field) => [field, { changed: true }])) },
    });
  }
  const [record] = await revealAntidopingRecords(tx, ctx, [after!]);
  return record!;
}
