import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '@/db/client';
import { createContext } from '@/lib/platform/core/context';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { runTenantUnit } from '@/lib/platform/jobs/job-deps';
import { type ApplyOutcome, applyRegistryPerson, type SyncSource } from './apply-registry-person';
import type { RegistryPerson } from '../adapter/registry-adapter';

export type Mirror = { organisationId: string; personId: string };
export type FanOutResult = { tenants: number; outcomes: ApplyOutcome[] };

/** Every tenant's mirror of a registry person, and the pending registration a submission id names (migration 0029). */
export async function findMirrors(db: Database, registryId: string, submissionId: string | null): Promise<Mirror[]> {
  const rows = rowsOf<{ organisation_id: string; person_id: string }>(await db.execute(sql`select organisation_id, person_id from app_registry_person_mirrors(${registryId}, ${submissionId})`));
  return rows.map((row) => ({ organisationId: row.organisation_id, personId: row.person_id }));
}

/** Applies one registry person to every tenant that mirrors them, each in its own RLS transaction. */
export async function fanOutRegistryPerson(
  deps: { db: Database; now: () => Date; runId: string; encryption?: FieldEncryption },
  input: { registryPerson: RegistryPerson; submissionId: string | null; source: SyncSource },
): Promise<FanOutResult> {
  const mirrors = await findMirrors(deps.db, input.registryPerson.id, input.submissionId);
  const outcomes: ApplyOutcome[] = [];
  for (const mirror of mirrors) {
    const outcome = await runTenantUnit(deps.db, mirror.organisationId, (tx, afterCommit) => {
      const { ctx } = createContext({ organisationId: mirror.organisationId, requestId: deps.runId, now: deps.now(), user: null });
      return applyRegistryPerson(tx, { ...ctx, afterCommit }, { personId: mirror.personId, registryPerson: input.registryPerson, source: input.source, encryption: deps.encryption, submissionId: input.submissionId });
    });
    outcomes.push(outcome);
  }
  return { tenants: mirrors.length, outcomes };
}
