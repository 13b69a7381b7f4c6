import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findReadableAntidopingRecord, revealAntidopingRecords } from './antidoping-store';
import type { AntidopingRecord } from './schemas';

export async function getAntidopingRecord(tx: Tx, ctx: RequestContext, recordId: string): Promise<AntidopingRecord> {
  const [record] = await revealAntidopingRecords(tx, ctx, [await findReadableAntidopingRecord(tx, ctx, recordId)]);
  return record!;
}
