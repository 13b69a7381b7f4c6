import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type PersonFieldChanges, personChangeRequests } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ValidationError } from '@/lib/platform/core/errors';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { sendEmailConfirmation } from '@/lib/registry/proposals/confirm-official-email';
import { changeRequestColumns, findOwnPerson, toChangeRequestDto } from './get-own-profile';
import { type ChangeRequest, identityFields, type RequestIdentityChangeBody } from './schemas';

/**
 * Identity fields belong to the registry (spec 002): the person is not changed, a proposal (pending) waits for an
 * admin or the automatic validator. A person has at most one pending proposal; asking again for a field replaces
 * its value there. A new official e-mail gets a confirmation link at that address (the validator).
 */
export async function requestIdentityChange(tx: Tx, ctx: RequestContext, input: RequestIdentityChangeBody): Promise<ChangeRequest> {
  // The person's row lock serialises two submits of one person, so they cannot open two proposals.
  const person = await findOwnPerson(tx, ctx, { lock: true });
  const mine = and(
    eq(personChangeRequests.organisationId, ctx.organisationId),
    eq(personChangeRequests.personId, person.personId),
    eq(personChangeRequests.status, 'pending'),
    eq(personChangeRequests.kind, 'update'),
  );
  const [open] = await tx.select({ id: personChangeRequests.id, fields: personChangeRequests.fields, evidence: personChangeRequests.evidence }).from(personChangeRequests).where(mine);
  const requested: PersonFieldChanges = {};
  for (const field of identityFields) {
    const to = input[field];
    if (to !== undefined && to !== person[field]) requested[field] = { from: person[field], to };
  }
  // Never held in plaintext outside the person's encrypted column: the proposal keeps the FLE1 ciphertext.
  if (input.identifierNational !== undefined) {
    const sealed = await encryptField(tx, ctx, 'person.identifierNational', input.identifierNational);
    requested.identifierNational = { from: null, to: { fle1: sealed.toString('base64') } };
  }
  const names = Object.keys(requested);
  if (names.length === 0) {
    throw new ValidationError('Your profile already shows these values; there is nothing to change.', {
      issues: identityFields.filter((field) => input[field] !== undefined).map((field) => ({ path: field, code: 'unchanged', message: 'This is already what your profile says.' })),
    });
  }
  const fields = { ...open?.fields, ...requested };
  const evidence = input.evidence ?? open?.evidence ?? null;
  const [row] = open
    ? await tx.update(personChangeRequests).set({ fields, evidence, updatedAt: ctx.now }).where(and(mine, eq(personChangeRequests.id, open.id))).returning(changeRequestColumns)
    : await tx
        .insert(personChangeRequests)
        .values({ organisationId: ctx.organisationId, personId: person.personId, kind: 'update', requestedByUserId: ctx.user.id, fields, evidence, createdAt: ctx.now, updatedAt: ctx.now })
        .returning(changeRequestColumns);
  await recordAudit(tx, ctx, {
    action: 'PERSON_CHANGE_REQUESTED',
    targetType: 'PERSON',
    targetId: person.personId,
    metadata: { fields: names, changeRequestId: row!.id, replaced: names.filter((name) => open?.fields[name] !== undefined), evidence: evidence !== null },
  });
  if (requested.officialEmail) {
    const confirmation = await sendEmailConfirmation(tx, ctx, { proposalId: row!.id, to: String(requested.officialEmail.to), name: `${person.firstName} ${person.lastName}` });
    return toChangeRequestDto({ ...row!, emailTokenHash: confirmation.tokenHash, emailConfirmedAt: null });
  }
  return toChangeRequestDto(row!);
}
