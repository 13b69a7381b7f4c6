import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { registrySyncState } from '@/db/schema';
import type { SyncStateEntry } from './schemas';

const entities = ['person', 'organization'] as const;

/** The nightly reconcile of persons and of the organisation, per entity: last run, last success, last error, changedSince. */
export async function getSyncState(tx: Tx, ctx: { organisationId: string }): Promise<{ data: SyncStateEntry[] }> {
  const rows = await tx.select().from(registrySyncState).where(eq(registrySyncState.organisationId, ctx.organisationId));
  const iso = (value: Date | null | undefined) => value?.toISOString() ?? null;
  return {
    data: entities.map((entity) => {
      const row = rows.find((candidate) => candidate.entity === entity);
      return { entity, changedSince: iso(row?.changedSince), lastRunAt: iso(row?.lastRunAt), lastSuccessAt: iso(row?.lastSuccessAt), lastError: row?.lastError ?? null };
    }),
  };
}
