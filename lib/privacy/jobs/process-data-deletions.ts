import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { dataDeletionRequests, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { createContext } from '@/lib/platform/core/context';
import { enqueueContactRemovals } from '@/lib/platform/notifications/enqueue-contact-removal';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import { type LedgerDatabase, recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { findSubjectContact } from '@/lib/privacy/erasure/deletion-requests/subject-contact';
import { type ErasablePersonField, type ErasureScope, erasePerson } from '@/lib/privacy/erasure/erase-person';
import { ledgerSubjectKey } from '@/lib/privacy/erasure/pseudonym';
import { proposeApprovedChange } from '@/lib/registry/proposals/propose-approved-change';
import { proposeDeactivation } from '@/lib/registry/proposals/propose-deactivation';
import { mirroredIdentityFields } from '@/lib/registry/mirror/merge-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { describeError, type DueItem, findDueItems, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';

export type ProcessDataDeletionsDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & {
  /** The deletion ledger and the pseudonym secret, resolved only when a request is due: a missing one fails that request, visibly. */
  privacy: () => Promise<{ ledger: LedgerDatabase; secret: string }>;
};
export type ProcessDataDeletionsResult = { completed: number; failed: number };

const REQUESTS_PER_RUN = 10;
// A request in progress this long lost its runner; the next sweep takes it up again (erasure and ledger are idempotent).
export const DATA_DELETION_LEASE_MS = 15 * 60_000;

type Claimed = DueItem & { personId: string; scope: 'full' | 'partial'; partialFields: ErasablePersonField[]; verifiedAt: Date; claimedAt: Date };

const requestWhere = (item: DueItem) => and(eq(dataDeletionRequests.organisationId, item.organisationId), eq(dataDeletionRequests.id, item.id));

/** The atomic claim, verified (or a stale in_progress) -> in_progress; of two runners exactly one gets the row. */
async function claimRequest(db: Database, item: DueItem, now: Date): Promise<Claimed | null> {
  const staleBefore = new Date(now.getTime() - DATA_DELETION_LEASE_MS).toISOString();
  const [row] = await withTenant(db, item.organisationId, (tx) =>
    tx
      .update(dataDeletionRequests)
      .set({ status: 'in_progress', startedAt: sql`coalesce(${dataDeletionRequests.startedAt}, ${now.toISOString()}::timestamptz)`, attempts: sql`${dataDeletionRequests.attempts} + 1`, updatedAt: now })
      .where(and(requestWhere(item), sql`(${dataDeletionRequests.status} = 'verified' or (${dataDeletionRequests.status} = 'in_progress' and ${dataDeletionRequests.updatedAt} < ${staleBefore}::timestamptz))`))
      .returning({ personId: dataDeletionRequests.personId, scope: dataDeletionRequests.scope, partialFields: dataDeletionRequests.partialFields, verifiedAt: dataDeletionRequests.verifiedAt }),
  );
  return row ? { ...item, ...row, partialFields: row.partialFields as ErasablePersonField[], verifiedAt: row.verifiedAt ?? now, claimedAt: now } : null;
}

/** Back to verified with the cause, for the next sweep; only while this runner still holds the claim. */
async function releaseRequest(db: Database, item: Claimed, error: unknown): Promise<void> {
  await withTenant(db, item.organisationId, (tx) =>
    tx
      .update(dataDeletionRequests)
      .set({ status: 'verified', lastError: describeError(error) })
      .where(and(requestWhere(item), eq(dataDeletionRequests.status, 'in_progress'), eq(dataDeletionRequests.updatedAt, item.claimedAt))),
  );
}

/**
 * In one transaction of the tenant: the subject's address and name are read first, then erased, and the
 * confirmation (which answers their own request, so it passes a restriction) and the removal of their
 * addresses at the e-mail provider are queued after the erasure, so its cancelling of queued mail spares them.
 * Outbox keys are the request's: a re-run queues nothing twice.
 */
async function carryOut(deps: ProcessDataDeletionsDeps, item: Claimed, secret: string): Promise<boolean> {
  const now = deps.now();
  return runTenantUnit(deps.db, item.organisationId, async (tx, afterCommit) => {
    const [held] = await tx
      .select({ id: dataDeletionRequests.id })
      .from(dataDeletionRequests)
      .where(and(requestWhere(item), eq(dataDeletionRequests.status, 'in_progress'), eq(dataDeletionRequests.updatedAt, item.claimedAt)))
      .for('update');
    if (!held) return false;
    const { ctx } = createContext({ organisationId: item.organisationId, requestId: deps.runId ?? randomUUID(), now, user: null });
    const contact = await findSubjectContact(tx, item.organisationId, item.personId);
    const scope: ErasureScope = item.scope === 'full' ? { scope: 'full' } : { scope: 'partial', fields: item.partialFields };
    // Read before the erasure: anonymising drops the registry mirror (migration 0033).
    const [mirror] = await tx.select({ registryId: persons.registryId }).from(persons).where(and(eq(persons.organisationId, item.organisationId), eq(persons.id, item.personId)));
    const counts = await erasePerson(tx, ctx, item.personId, scope, secret);
    if (item.scope === 'full' && mirror?.registryId) {
      counts.registryDeactivationProposals = 1;
      await proposeDeactivation(tx, { ...ctx, afterCommit }, { personId: item.personId, registryId: mirror.registryId, reason: 'erasure' });
    }
    // Issue 23: erased identity fields stay erased here; the registry is asked to clear its own copy, and decides.
    const mastered = item.partialFields.filter((field) => (mirroredIdentityFields as readonly string[]).includes(field));
    if (item.scope === 'partial' && mirror?.registryId && mastered.length > 0) {
      counts.registryCorrectionProposals = 1;
      const fields = Object.fromEntries(mastered.map((field) => [field, { from: null, to: null }]));
      await proposeApprovedChange(tx, { ...ctx, afterCommit }, { via: 'erasure', personId: item.personId, registryId: mirror.registryId, fields, erasureRequestId: item.id });
    }
    const outbox = { organisationId: item.organisationId, afterCommit };
    const confirmed = contact?.email
      ? await enqueueEmail(tx, outbox, {
          template: 'data-deletion-completed',
          to: contact.email,
          data: { requestId: item.id, name: contact.name, scope: item.scope, fields: item.partialFields, completedAt: now.toISOString() },
          idempotencyKey: `data-deletion-completed:${item.id}`,
        })
      : false;
    // After a partial erasure the account stays open and e-mails still reach it: the provider keeps the contact.
    const erasedAddresses = item.scope === 'full' ? (contact?.addresses ?? []) : [];
    const removals = await enqueueContactRemovals(
      tx,
      outbox,
      erasedAddresses.map((email, index) => ({ email, idempotencyKey: `data-deletion-contact:${item.id}:${index}` })),
    );
    await tx.update(dataDeletionRequests).set({ status: 'completed', completedAt: now, lastError: null, updatedAt: now }).where(requestWhere(item));
    await recordAudit(tx, ctx, {
      action: 'DATA_DELETION_COMPLETED',
      targetType: 'DATA_DELETION_REQUEST',
      targetId: item.id,
      changes: { status: { before: 'in_progress', after: 'completed' } },
      metadata: { scope: item.scope, fields: item.partialFields, counts, confirmation: confirmed ? 'queued' : 'no-address', providerRemovals: removals },
    });
    return true;
  });
}

/**
 * Carries out verified erasure requests (spec 001): finds them across tenants (identifiers only, migration
 * 0028), claims each (in_progress), lists the erasure in the deletion ledger FIRST (if that fails nothing is
 * erased and the request goes back to verified with the error), then erases, confirms and completes in one
 * tenant transaction. A failure leaves the request verified for the next sweep; a runner that dies mid-way
 * leaves it in progress until its lease lapses.
 */
export async function processDataDeletions(deps: ProcessDataDeletionsDeps): Promise<ProcessDataDeletionsResult> {
  const run = { ...deps, runId: deps.runId ?? randomUUID() };
  const result: ProcessDataDeletionsResult = { completed: 0, failed: 0 };
  const staleBefore = new Date(deps.now().getTime() - DATA_DELETION_LEASE_MS).toISOString();
  const due = await findDueItems(deps.db, sql`select id, organisation_id from app_due_data_deletions(${staleBefore}::timestamptz, ${REQUESTS_PER_RUN}::integer)`);
  for (const item of due) {
    let claimed: Claimed | null;
    try {
      claimed = await claimRequest(deps.db, item, deps.now());
    } catch (error) {
      deps.log?.error(`[quartermaster] claiming erasure request ${item.id} failed: ${describeError(error)}`);
      continue;
    }
    if (!claimed) continue;
    try {
      const { ledger, secret } = await deps.privacy();
      await recordInLedger(ledger, {
        entryKey: `erasure-request:${claimed.id}`,
        organisationId: claimed.organisationId,
        subjectKey: ledgerSubjectKey(secret, claimed.organisationId, claimed.personId),
        reason: 'erasure_request',
        scope: claimed.scope,
        fields: claimed.partialFields,
        effectiveAt: claimed.verifiedAt,
      });
      if (await carryOut(run, claimed, secret)) result.completed += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] erasure request ${item.id} of organisation ${item.organisationId} failed: ${describeError(error)}`);
      result.failed += 1;
      try {
        await releaseRequest(deps.db, claimed, error);
      } catch (settleError) {
        deps.log?.error(`[quartermaster] recording the failure of erasure request ${item.id} failed: ${describeError(settleError)}`);
      }
    }
  }
  return result;
}
