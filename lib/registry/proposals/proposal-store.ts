import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { personChangeRequests, persons } from '@/db/schema';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import type { Proposal } from './schemas';
import { HIDDEN, isSealed } from './sealed-value';

export const proposalColumns = {
  id: personChangeRequests.id,
  organisationId: personChangeRequests.organisationId,
  personId: personChangeRequests.personId,
  kind: personChangeRequests.kind,
  requestedByUserId: personChangeRequests.requestedByUserId,
  fields: personChangeRequests.fields,
  evidence: personChangeRequests.evidence,
  erasureRequestId: personChangeRequests.erasureRequestId,
  status: personChangeRequests.status,
  idempotencyKey: personChangeRequests.idempotencyKey,
  registryPersonId: personChangeRequests.registryPersonId,
  externalSubmissionId: personChangeRequests.externalSubmissionId,
  approvedVia: personChangeRequests.approvedVia,
  decidedByUserId: personChangeRequests.decidedByUserId,
  decidedAt: personChangeRequests.decidedAt,
  submittedAt: personChangeRequests.submittedAt,
  resolvedAt: personChangeRequests.resolvedAt,
  rejectionReason: personChangeRequests.rejectionReason,
  submissionAttempts: personChangeRequests.submissionAttempts,
  nextAttemptAt: personChangeRequests.nextAttemptAt,
  lastError: personChangeRequests.lastError,
  emailTokenHash: personChangeRequests.emailTokenHash,
  emailConfirmedAt: personChangeRequests.emailConfirmedAt,
  createdAt: personChangeRequests.createdAt,
  updatedAt: personChangeRequests.updatedAt,
};
export type ProposalRow = { [K in keyof typeof proposalColumns]: (typeof proposalColumns)[K]['_']['data'] | ((typeof proposalColumns)[K]['_']['notNull'] extends true ? never : null) };

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const shown = (value: unknown) => (isSealed(value) ? HIDDEN : value);

export function toProposalDto(row: ProposalRow, person: { firstName: string; lastName: string; anonymizedAt: Date | null } | null): Proposal {
  const entries = Object.entries(row.fields);
  return {
    id: row.id,
    personId: row.personId,
    personName: person && !person.anonymizedAt ? `${person.firstName} ${person.lastName}` : null,
    kind: row.kind,
    proposedBy: row.requestedByUserId,
    changes: Object.fromEntries(entries.map(([field, change]) => [field, shown(change.to)])),
    previous: Object.fromEntries(entries.map(([field, change]) => [field, shown(change.from)])),
    evidence: row.evidence,
    erasureRequestId: row.erasureRequestId,
    status: row.status,
    approvedVia: row.approvedVia as Proposal['approvedVia'],
    decidedBy: row.decidedByUserId,
    decidedAt: iso(row.decidedAt),
    externalSubmissionId: row.externalSubmissionId,
    submittedAt: iso(row.submittedAt),
    resolvedAt: iso(row.resolvedAt),
    rejectionReason: row.rejectionReason,
    submissionAttempts: row.submissionAttempts,
    nextAttemptAt: iso(row.nextAttemptAt),
    lastError: row.lastError,
    emailConfirmation: row.emailConfirmedAt ? 'confirmed' : row.emailTokenHash ? 'awaiting' : 'not_needed',
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export const proposalWhere = (organisationId: string, id: string) => and(eq(personChangeRequests.organisationId, organisationId), eq(personChangeRequests.id, id));

export async function findProposal(tx: Executor, organisationId: string, id: string, options: { lock?: boolean } = {}): Promise<ProposalRow> {
  const query = tx.select(proposalColumns).from(personChangeRequests).where(proposalWhere(organisationId, id));
  const [row] = options.lock ? await query.for('update') : await query;
  // Another tenant's id reads exactly like one that never existed.
  if (!row) throw new NotFoundError('PROPOSAL_NOT_FOUND', 'The change proposal does not exist.', { proposalId: id });
  return row;
}

export async function findProposalPerson(tx: Executor, organisationId: string, personId: string) {
  const [person] = await tx
    .select({ firstName: persons.firstName, lastName: persons.lastName, anonymizedAt: persons.anonymizedAt, registryId: persons.registryId, syncStatus: persons.syncStatus, deletedAt: persons.deletedAt })
    .from(persons)
    .where(and(eq(persons.organisationId, organisationId), eq(persons.id, personId)))
    .for('update');
  return person ?? null;
}

export function proposalStateConflict(id: string, status: string, action: string): ConflictError {
  return new ConflictError('PROPOSAL_STATE_CONFLICT', `The proposal is ${status.replace('_', ' ')} and can no longer be ${action === 'approve' ? 'approved' : 'rejected'} here.`, {
    proposalId: id,
    status,
  });
}
