import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { rowsOf, type Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { type LedgerDatabase, readLedger, recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { type ErasablePersonField, erasePerson } from '@/lib/privacy/erasure/erase-person';
import { ledgerSubjectKey } from '@/lib/privacy/erasure/pseudonym';

export type BackupLedgerReplay = {
  ledger: LedgerDatabase;
  secret: string;
  restoreId: string;
  sourceOrganisationId: string;
  /** Source person id -> restored person id, for every person the restore inserted. */
  persons: ReadonlyMap<string, string>;
};

/**
 * Spec 001's promise for a tenant restore: whoever the ledger lists for the source organisation is erased again
 * in the restored one (the ledger names them by a keyed hash of the source organisation and person ids), and
 * each gets an entry of the new organisation, so restoring the database later re-erases them there too. The
 * entries are written before the erasure, as every erasure writes them; if the restore then rolls back, they
 * name no person and a replay skips them.
 */
export async function replayBackupLedger(tx: Tx, ctx: RequestContext, replay: BackupLedgerReplay): Promise<number> {
  const byKey = new Map([...replay.persons].map(([source, restored]) => [ledgerSubjectKey(replay.secret, replay.sourceOrganisationId, source), restored]));
  let erased = 0;
  for await (const entries of readLedger(replay.ledger, [replay.sourceOrganisationId])) {
    for (const entry of entries) {
      const personId = byKey.get(entry.subjectKey);
      if (!personId) continue;
      const entryKey = `restore:${replay.restoreId}:${createHash('sha256').update(entry.entryKey).digest('hex')}`;
      const subjectKey = ledgerSubjectKey(replay.secret, ctx.organisationId, personId);
      await recordInLedger(replay.ledger, { entryKey, organisationId: ctx.organisationId, subjectKey, reason: entry.reason, scope: entry.scope, fields: entry.fields, effectiveAt: entry.effectiveAt });
      if (entry.scope === 'full') {
        const [person] = rowsOf<{ anonymized_at: string | null }>(await tx.execute(sql`select anonymized_at from persons where organisation_id = ${ctx.organisationId}::uuid and id = ${personId}::uuid`));
        // Erased before the backup was made: nothing came back.
        if (person?.anonymized_at) continue;
        await erasePerson(tx, ctx, personId, { scope: 'full', reason: entry.reason }, replay.secret);
      } else {
        await erasePerson(tx, ctx, personId, { scope: 'partial', fields: entry.fields as ErasablePersonField[] }, replay.secret);
      }
      erased += 1;
    }
  }
  return erased;
}
