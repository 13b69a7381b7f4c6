import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '@/db/client';
import { organisations, personChangeRequests, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { createContext } from '@/lib/platform/core/context';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { isSealed } from '@/lib/registry/proposals/sealed-value';
import { proposalColumns, type ProposalRow, proposalWhere } from '@/lib/registry/proposals/proposal-store';
import { markProposalAccepted, markProposalRejected } from '@/lib/registry/proposals/settle-proposal';
import type { PersonChangeProposal, PersonProposal, RegistryAdapter, SubmissionReceipt } from '@/lib/registry/adapter/registry-adapter';
import { RegistryRequestError } from '@/lib/registry/adapter/registry-errors';
import { fanOutRegistryPerson } from '@/lib/registry/mirror/sync-registry-person';
import { describeError, findDueItems, type DueItem, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';
import { exponentialRetryDelayMs } from '@/lib/platform/jobs/retry-schedule';

export type SubmitProposalsDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & { registry: RegistryAdapter | null; encryption?: FieldEncryption; batch?: number };
export type SubmitProposalsResult = { submitted: number; accepted: number; rejected: number; waiting: number; retried: number };

/** While one run works on a proposal, others leave it alone; after a crash it is due again when this lapses. */
const LEASE_MS = 5 * 60_000;
const MAX_ROUNDS = 20;
/** Growing pauses, for an unreachable registry and for asking after an undecided submission: 1 minute doubling to an hour. */
export const proposalRetryDelayMs = (attempts: number) => exponentialRetryDelayMs({ firstDelayMs: 60_000, maxDelayMs: 60 * 60_000 }, attempts);

const registryField: Record<string, keyof PersonChangeProposal> = {
  firstName: 'firstName',
  lastName: 'lastName',
  birthDate: 'birthDate',
  nationality: 'nationality',
  officialEmail: 'officialEmail',
  identifierNational: 'nationalIdentifier',
};

type Claimed = ProposalRow & { personValues: typeof persons.$inferSelect | null; registryOrganisationId: string | null };

async function claim(db: Database, item: DueItem, now: Date): Promise<Claimed | null> {
  return runTenantUnit(db, item.organisationId, async (tx) => {
    const [row] = await tx
      .select(proposalColumns)
      .from(personChangeRequests)
      .where(and(proposalWhere(item.organisationId, item.id), inArray(personChangeRequests.status, ['approved_locally', 'submitted']), sql`(${personChangeRequests.nextAttemptAt} is null or ${personChangeRequests.nextAttemptAt} <= ${now.toISOString()}::timestamptz)`))
      .for('update', { skipLocked: true });
    if (!row) return null;
    await tx.update(personChangeRequests).set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) }).where(proposalWhere(item.organisationId, item.id));
    const [person] = row.kind === 'create' ? await tx.select().from(persons).where(and(eq(persons.organisationId, item.organisationId), eq(persons.id, row.personId))) : [null];
    const [organisation] = row.kind === 'create' ? await tx.select({ registryId: organisations.registryId }).from(organisations).where(eq(organisations.id, item.organisationId)) : [null];
    return { ...row, personValues: person ?? null, registryOrganisationId: organisation?.registryId ?? null };
  });
}

async function unseal(tx: Tx, organisationId: string, value: unknown, encryption?: FieldEncryption): Promise<string | null> {
  if (!isSealed(value)) return null;
  return decryptField(tx, { organisationId }, 'person.identifierNational', Buffer.from(value.fle1, 'base64'), encryption);
}

/** One call to the registry, always with the proposal's own idempotency key: a repeat after a lost answer is the same submission. */
async function send(deps: SubmitProposalsDeps, registry: RegistryAdapter, proposal: Claimed): Promise<SubmissionReceipt> {
  const options = { idempotencyKey: proposal.idempotencyKey, ...(proposal.evidence ? { evidence: proposal.evidence } : {}) };
  if (proposal.kind === 'deactivate') return registry.proposePersonChange(proposal.registryPersonId!, { active: false }, options);
  if (proposal.kind === 'create') {
    const person = proposal.personValues!;
    const nationalIdentifier = person.identifierNational
      ? await runTenantUnit(deps.db, proposal.organisationId, (tx) => decryptField(tx, { organisationId: proposal.organisationId }, 'person.identifierNational', person.identifierNational!, deps.encryption))
      : null;
    const record: PersonProposal = {
      firstName: person.firstName,
      lastName: person.lastName,
      birthDate: person.birthDate,
      nationalIdentifier,
      nationality: person.nationality,
      officialEmail: person.officialEmail,
      organizationIds: proposal.registryOrganisationId ? [proposal.registryOrganisationId] : [],
    };
    return registry.proposePerson(record, options);
  }
  const changes: PersonChangeProposal = {};
  // The mirror's values the person changed from: the registry refuses the proposal if its record moved on since,
  // rather than let an older local view undo a newer registry change. The identifier's earlier value is never kept.
  // An erasure's proposal has none: the erased values are kept nowhere, and the registry is asked to clear whatever
  // it holds, giving the erasure request as the reason.
  const basedOn: PersonChangeProposal = {};
  for (const [field, change] of Object.entries(proposal.fields)) {
    const name = registryField[field];
    if (!name) continue;
    const value = field === 'identifierNational' ? await runTenantUnit(deps.db, proposal.organisationId, (tx) => unseal(tx, proposal.organisationId, change.to, deps.encryption)) : change.to;
    (changes as Record<string, unknown>)[name] = value;
    if (field !== 'identifierNational' && !proposal.erasureRequestId) (basedOn as Record<string, unknown>)[name] = change.from ?? null;
  }
  const erasure = proposal.erasureRequestId ? { evidence: { reason: `erasure request ${proposal.erasureRequestId}` } } : {};
  return registry.proposePersonChange(proposal.registryPersonId!, changes, { ...options, ...erasure, ...(Object.keys(basedOn).length > 0 ? { basedOn } : {}) });
}

async function submit(deps: SubmitProposalsDeps, registry: RegistryAdapter, proposal: Claimed, runId: string, result: SubmitProposalsResult): Promise<void> {
  const attempts = proposal.submissionAttempts + 1;
  const unit = <T>(fn: (tx: Tx, ctx: ReturnType<typeof systemCtx>) => Promise<T>) =>
    runTenantUnit(deps.db, proposal.organisationId, (tx, afterCommit) => fn(tx, systemCtx(afterCommit)));
  const systemCtx = (afterCommit: (fn: () => void) => void) => ({ ...createContext({ organisationId: proposal.organisationId, requestId: runId, now: deps.now(), user: null }).ctx, afterCommit });
  try {
    const receipt = await send(deps, registry, proposal);
    await unit(async (tx, ctx) => {
      await tx
        .update(personChangeRequests)
        .set({ status: 'submitted', externalSubmissionId: receipt.submissionId, submittedAt: ctx.now, submissionAttempts: attempts, nextAttemptAt: new Date(ctx.now.getTime() + proposalRetryDelayMs(1)), lastError: null, updatedAt: ctx.now })
        .where(proposalWhere(proposal.organisationId, proposal.id));
      if (proposal.kind === 'create') {
        await tx.update(persons).set({ registrySubmissionId: receipt.submissionId, updatedAt: ctx.now }).where(and(eq(persons.organisationId, proposal.organisationId), eq(persons.id, proposal.personId)));
      }
      await recordAudit(tx, ctx, {
        action: 'PERSON_CHANGE_SUBMITTED',
        targetType: 'PERSON',
        targetId: proposal.personId,
        changes: { status: { before: 'approved_locally', after: 'submitted' } },
        metadata: { proposalId: proposal.id, kind: proposal.kind, fields: Object.keys(proposal.fields), submissionId: receipt.submissionId, attempts },
      });
    });
    result.submitted += 1;
  } catch (error) {
    if (error instanceof RegistryRequestError) {
      // The registry refused the call itself (a 4xx): sending it again cannot help.
      await unit((tx, ctx) => markProposalRejected(tx, ctx, proposal.id, `The registry refused the proposal (${error.details.status}${error.details.code ? ` ${error.details.code}` : ''}).`));
      result.rejected += 1;
      return;
    }
    await retryLater(deps, proposal, attempts, error);
    result.retried += 1;
  }
}

async function retryLater(deps: SubmitProposalsDeps, proposal: Claimed, attempts: number, error: unknown): Promise<void> {
  deps.log?.warn(`[quartermaster] change proposal ${proposal.id} (${proposal.status}) attempt ${attempts} failed: ${describeError(error)}`);
  await runTenantUnit(deps.db, proposal.organisationId, (tx) =>
    tx
      .update(personChangeRequests)
      .set({ submissionAttempts: attempts, nextAttemptAt: new Date(deps.now().getTime() + proposalRetryDelayMs(attempts)), lastError: describeError(error) })
      .where(proposalWhere(proposal.organisationId, proposal.id)),
  );
}

/** A submitted proposal whose outcome has not arrived: ask the registry; a rejection arrives only this way. */
async function poll(deps: SubmitProposalsDeps, registry: RegistryAdapter, proposal: Claimed, runId: string, result: SubmitProposalsResult): Promise<void> {
  const attempts = proposal.submissionAttempts + 1;
  const ctxFor = (afterCommit: (fn: () => void) => void) => ({ ...createContext({ organisationId: proposal.organisationId, requestId: runId, now: deps.now(), user: null }).ctx, afterCommit });
  try {
    const submission = await registry.getSubmission(proposal.externalSubmissionId!);
    if (submission?.status === 'rejected') {
      await runTenantUnit(deps.db, proposal.organisationId, (tx, afterCommit) => markProposalRejected(tx, ctxFor(afterCommit), proposal.id, submission.reason ?? 'The registry gave no reason.'));
      result.rejected += 1;
      return;
    }
    if (submission?.status === 'accepted') {
      // The webhook may never have come: apply the registry's record now, which also links a new person.
      const registryId = submission.targetId ?? proposal.registryPersonId;
      const registryPerson = registryId ? await registry.getPerson(registryId) : null;
      if (registryPerson) {
        await fanOutRegistryPerson(
          { db: deps.db, now: deps.now, runId, encryption: deps.encryption },
          { registryPerson, submissionId: submission.submissionId, source: { via: 'reconcile', runId } },
        );
      }
      await runTenantUnit(deps.db, proposal.organisationId, (tx, afterCommit) => markProposalAccepted(tx, ctxFor(afterCommit), { submissionId: submission.submissionId }, 'poll'));
      result.accepted += 1;
      return;
    }
    await retryLater(deps, proposal, attempts, new Error('The registry has not decided yet.'));
    result.waiting += 1;
  } catch (error) {
    await retryLater(deps, proposal, attempts, error);
    result.retried += 1;
  }
}

/**
 * Spec 002, sync out. Submits approved_locally proposals to the registry (oldest first, one person's in creation
 * order: a later one waits while an earlier one is not out) and asks after submitted ones. An unreachable registry
 * leaves each proposal where it was, retried with growing pauses and never given up; the idempotency key makes a
 * repeated submission the same one. Nothing happens in phase 0.
 */
export async function submitPersonChangeProposals(deps: SubmitProposalsDeps): Promise<SubmitProposalsResult> {
  const result: SubmitProposalsResult = { submitted: 0, accepted: 0, rejected: 0, waiting: 0, retried: 0 };
  if (!deps.registry) return result;
  const runId = deps.runId ?? randomUUID();
  // A person's next proposal becomes due once the one before it is out, so rounds go on while they make progress.
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const before = result.submitted + result.rejected;
    const due = await findDueItems(deps.db, sql`select id, organisation_id from app_due_person_change_proposals(${deps.now().toISOString()}::timestamptz, ${deps.batch ?? 100}::integer)`);
    for (const item of due) {
      const proposal = await claim(deps.db, item, deps.now());
      if (!proposal) continue;
      if (proposal.status === 'approved_locally') await submit(deps, deps.registry, proposal, runId, result);
      else await poll(deps, deps.registry, proposal, runId, result);
    }
    if (result.submitted + result.rejected === before) break;
  }
  return result;
}
