import type { Tx } from '@/db/client';
import { antidopingRecords } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertTenantPerson } from '@/lib/people/persons/assert-tenant-person';
import { antidopingColumns, revealAntidopingRecords } from './antidoping-store';
import type { AntidopingRecord, CreateAntidopingRecordBody } from './schemas';

export async function createAntidopingRecord(tx: Tx, ctx: RequestContext, input: CreateAntidopingRecordBody): Promise<AntidopingRecord> {
  assertDuty(ctx, 'MEDICAL', 'Recording a doping control');
  await assertTenantPerson(tx, ctx, input.personId);
  const [row] = await tx
    .insert(antidopingRecords)
    .values({
      organisationId: ctx.organisationId,
      personId: input.personId,
      testedAt: new Date(input.testedAt),
      kind: input.kind,
      result: input.result,
      authority: input.authority,
      notes: input.notes,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning(antidopingColumns);
  // The result and the notes are health data the ADMIN role may not read; the audit log names them only.
  await recordAudit(tx, ctx, {
    action: 'ANTIDOPING_RECORD_CREATED',
    targetType: 'ANTIDOPING_RECORD',
    targetId: row!.id,
    changes: {
      personId: { before: null, after: row!.personId },
      testedAt: { before: null, after: row!.testedAt.toISOString() },
      kind: { before: null, after: row!.kind },
      authority: { before: null, after: row!.authority },
    },
    metadata: { fields: ['result', ...(row!.notes === null ? [] : ['notes'])] },
  });
  const [record] = await revealAntidopingRecords(tx, ctx, [row!]);
  return record!;
}
