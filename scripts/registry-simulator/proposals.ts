import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import canonicalize from 'canonicalize';
import type { SimulatorSettings } from './settings';
import type { Decision, Submission } from './types';

export type ProposalInput = Pick<Submission, 'entity' | 'kind' | 'targetId' | 'changes' | 'basedOn' | 'evidence'>;

export class IdempotencyConflictError extends Error {}

/**
 * Submissions and their decisions. `accept` applies a submission to the registry's data and returns the id of the
 * record it created or changed; it throws when the proposal can no longer be applied, which rejects it.
 */
export function createProposalDesk(deps: { now: () => Date; settings: () => SimulatorSettings; accept: (submission: Submission) => string }) {
  const submissions = new Map<string, Submission>();
  const byIdempotencyKey = new Map<string, { submissionId: string; fingerprint: string }>();
  const timers = new Set<Promise<void>>();
  const stopping = new AbortController();

  function chooseDecision(input: ProposalInput): { decision: Decision; reason: string | null } {
    const rule = deps.settings().decisions.rules.find(
      (r) => (r.entity === undefined || r.entity === input.entity) && (r.kind === undefined || r.kind === input.kind) && (r.field === undefined || r.field in input.changes),
    );
    const decision = rule?.decision ?? deps.settings().decisions.default;
    return { decision, reason: decision === 'reject' ? (rule?.reason ?? 'Rejected under the registry policy.') : null };
  }

  function decide(submissionId: string, decision: 'accept' | 'reject', reason: string | null): Submission {
    const submission = submissions.get(submissionId);
    if (!submission) throw new Error(`Unknown submission ${submissionId}.`);
    if (submission.status !== 'submitted') return structuredClone(submission);
    if (decision === 'accept') {
      try {
        submission.targetId = deps.accept(submission);
        submission.status = 'accepted';
      } catch (error) {
        submission.status = 'rejected';
        submission.reason = error instanceof Error ? error.message : String(error);
      }
    } else {
      submission.status = 'rejected';
      submission.reason = reason ?? 'Rejected under the registry policy.';
    }
    submission.decidedAt = deps.now().toISOString();
    return structuredClone(submission);
  }

  function schedule(submissionId: string, input: ProposalInput) {
    const { decision, reason } = chooseDecision(input);
    if (decision === 'hold') return;
    const pending = sleep(deps.settings().decisions.delayMs, undefined, { signal: stopping.signal }).then(
      () => {
        // A reset may have cleared the submission while it waited.
        if (submissions.has(submissionId)) decide(submissionId, decision, reason);
      },
      () => undefined,
    );
    const tracked = pending.finally(() => timers.delete(tracked));
    timers.add(tracked);
  }

  return {
    /** The same idempotency key with the same proposal returns the first submission; with another proposal, a conflict. */
    submit(input: ProposalInput, idempotencyKey: string): { submission: Submission; replayed: boolean } {
      const fingerprint = canonicalize(input)!;
      const seen = byIdempotencyKey.get(idempotencyKey);
      if (seen) {
        if (seen.fingerprint !== fingerprint) throw new IdempotencyConflictError('This idempotency key was used for a different proposal.');
        return { submission: structuredClone(submissions.get(seen.submissionId)!), replayed: true };
      }
      const submission: Submission = {
        submissionId: `S-${randomUUID()}`,
        ...structuredClone(input),
        status: 'submitted',
        reason: null,
        createdAt: deps.now().toISOString(),
        decidedAt: null,
      };
      submissions.set(submission.submissionId, submission);
      byIdempotencyKey.set(idempotencyKey, { submissionId: submission.submissionId, fingerprint });
      schedule(submission.submissionId, input);
      return { submission: structuredClone(submission), replayed: false };
    },
    get: (submissionId: string): Submission | undefined => structuredClone(submissions.get(submissionId)),
    list: (): Submission[] => structuredClone([...submissions.values()]),
    decide,
    clear() {
      submissions.clear();
      byIdempotencyKey.clear();
    },
    /** Cancels the decisions still waiting for their delay. */
    stop() {
      stopping.abort();
    },
    async idle(): Promise<void> {
      while (timers.size > 0) await Promise.allSettled([...timers]);
    },
  };
}

export type ProposalDesk = ReturnType<typeof createProposalDesk>;
