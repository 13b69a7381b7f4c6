import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { personChangeRequests, persons } from '@/db/schema';
import type { PersonFieldChanges } from '@/db/schema/people';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { PERSON_CHANGE_PROPOSAL_APPROVED_EVENT } from './approve-proposal';

export type RegistrationIdentity = { firstName: string; lastName: string; birthDate: string | null; nationality: string | null; officialEmail: string | null; hasIdentifier: boolean };

/**
 * Spec 002, "(new local person) -> pending_registration": the person is proposed to the registry as a new record
 * and stays hidden from borrowing and approving until the registry accepts. An admin asked for it, so the proposal
 * starts approved_locally and the submission job sends it (POST /persons with the person's current identity fields;
 * the national identifier is read from the person, encrypted, and never copied into the proposal).
 */
export async function proposeRegistration(tx: Tx, ctx: RequestContext, personId: string, identity: RegistrationIdentity): Promise<string> {
  const fields: PersonFieldChanges = { firstName: { from: null, to: identity.firstName }, lastName: { from: null, to: identity.lastName } };
  for (const name of ['birthDate', 'nationality', 'officialEmail'] as const) {
    if (identity[name] !== null) fields[name] = { from: null, to: identity[name] };
  }
  await tx
    .update(persons)
    .set({ syncStatus: 'pending_registration', registrySubmissionId: null, updatedAt: ctx.now })
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  const [row] = await tx
    .insert(personChangeRequests)
    .values({
      organisationId: ctx.organisationId,
      personId,
      kind: 'create',
      requestedByUserId: ctx.user.id,
      fields,
      status: 'approved_locally',
      approvedVia: 'admin',
      decidedByUserId: ctx.user.id,
      decidedAt: ctx.now,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning({ id: personChangeRequests.id });
  await recordAudit(tx, ctx, {
    action: 'PERSON_REGISTRATION_PROPOSED',
    targetType: 'PERSON',
    targetId: personId,
    changes: { syncStatus: { before: null, after: 'pending_registration' } },
    metadata: { proposalId: row!.id, kind: 'create', fields: Object.keys(fields), identifierNational: identity.hasIdentifier },
  });
  ctx.afterCommit(() => dispatchEvent(PERSON_CHANGE_PROPOSAL_APPROVED_EVENT));
  return row!.id;
}
