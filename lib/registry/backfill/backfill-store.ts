import { and, count, eq, isNotNull, isNull, notExists, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons, registryBackfillMismatches, registryBackfills } from '@/db/schema';

export type BackfillCounts = { matched: number; mismatched: number; localOnly: number };

export const REGISTRY_BACKFILL_REQUESTED_EVENT = 'quartermaster/registry-backfill.requested';

/** The identity fields a backfill compares besides the national identifier (which the match is made on). */
export const comparedFields = ['firstName', 'lastName', 'birthDate', 'nationality', 'officialEmail'] as const;
export type ComparedField = (typeof comparedFields)[number];

/**
 * Counted from the stored state, never incremented: a resumed or repeated run reports what is true. Anonymised
 * persons are out of scope; a person with an open mismatch counts as mismatched, not as local-only.
 */
export async function countBackfillState(tx: Executor, organisationId: string): Promise<BackfillCounts> {
  const live = and(eq(persons.organisationId, organisationId), isNull(persons.anonymizedAt));
  const openMismatch = (personId: typeof persons.id) =>
    tx
      .select({ one: sql`1` })
      .from(registryBackfillMismatches)
      .where(and(eq(registryBackfillMismatches.organisationId, organisationId), eq(registryBackfillMismatches.personId, personId), eq(registryBackfillMismatches.status, 'open')));
  const [[matched], [mismatched], [localOnly]] = await Promise.all([
    tx.select({ n: count() }).from(persons).where(and(live, isNotNull(persons.registryId))),
    tx
      .select({ n: count() })
      .from(registryBackfillMismatches)
      .where(and(eq(registryBackfillMismatches.organisationId, organisationId), eq(registryBackfillMismatches.status, 'open'))),
    tx.select({ n: count() }).from(persons).where(and(live, isNull(persons.registryId), notExists(openMismatch(persons.id)))),
  ]);
  return { matched: matched!.n, mismatched: mismatched!.n, localOnly: localOnly!.n };
}

export async function loadBackfill(tx: Executor, organisationId: string, options: { lock?: boolean } = {}) {
  const query = tx.select().from(registryBackfills).where(eq(registryBackfills.organisationId, organisationId));
  const [row] = options.lock ? await query.for('update') : await query;
  return row ?? null;
}
