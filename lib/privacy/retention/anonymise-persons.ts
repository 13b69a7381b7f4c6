import { sql } from 'drizzle-orm';
import { rowsOf } from '@/db/client';
import { getConfig } from '@/lib/platform/config';
import { getLedger, type LedgerDatabase, recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { ledgerSubjectKey, resolvePseudonymSecret } from '@/lib/privacy/erasure/pseudonym';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import type { DeleteDeps } from './delete-expired';
import { personExpired } from './expired-records';
import { addYearsUtc, RETENTION_POLICY, type RetentionKind } from './policy';

/** The deletion ledger and pseudonym secret, resolved only when a person is actually due. */
export type RetentionPrivacy = () => Promise<{ ledger: LedgerDatabase; secret: string }>;

const personYears = (() => {
  const row = RETENTION_POLICY.find((r) => r.kind === 'person');
  if (row?.period.unit !== 'years') throw new Error('the person retention row has no period in years');
  return row.period.years;
})();

/**
 * Anonymises every person deactivated at least three years ago (spec 001's Person life cycle) with the erasure's
 * own code: the ledger entry (reason retention) first, so a restore re-erases them, then the erasure and its
 * anonymize_person audit entry, one person per transaction, counted in `counts.person` as each is done.
 */
export async function anonymiseExpiredPersons(deps: DeleteDeps, privacy: RetentionPrivacy, counts: Partial<Record<RetentionKind, number>>): Promise<void> {
  const org = deps.ctx.organisationId;
  let resolved: Awaited<ReturnType<RetentionPrivacy>> | undefined;
  counts.person ??= 0;
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const due = await withTenant(deps.db, org, async (tx) =>
      rowsOf<{ id: string; deleted_at: Date | string }>(
        await tx.execute(sql`select t.id, t.deleted_at from persons t where ${personExpired(org, deps.ctx.now)} and t.id > ${after}::uuid order by t.id limit ${deps.batchSize}`),
      ),
    );
    if (due.length === 0) return;
    resolved ??= await privacy();
    const { ledger, secret } = resolved;
    for (const person of due) {
      const started = performance.now();
      const subjectKey = ledgerSubjectKey(secret, org, person.id);
      await recordInLedger(ledger, {
        entryKey: `retention:${subjectKey}`,
        organisationId: org,
        subjectKey,
        reason: 'retention',
        scope: 'full',
        fields: [],
        effectiveAt: addYearsUtc(new Date(person.deleted_at), personYears),
      });
      await withTenant(deps.db, org, (tx) => erasePerson(tx, deps.ctx, person.id, { scope: 'full', reason: 'retention' }, secret));
      counts.person += 1;
      deps.onBatch?.({ kind: 'person', count: 1, ms: performance.now() - started });
    }
    after = due.at(-1)!.id;
    if (due.length < deps.batchSize) return;
  }
}

/** The configured ledger and PSEUDONYM_SECRET (the embedded demo's own when unset), as the erasure uses them. */
export const configuredPrivacy: RetentionPrivacy = async () => ({ ledger: await getLedger(), secret: resolvePseudonymSecret(getConfig()) });
