import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { type PersonFieldChanges, personChangeRequests } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';
import { ValidationError } from '@/lib/core/errors';
import { recordAudit } from '@/lib/audit/record-audit';
import { changeRequestColumns, findOwnPerson, toChangeRequestDto } from './get-own-profile';
import { type ChangeRequest, identityFields, type RequestIdentityChangeBody } from './schemas';

/**
 * Identity fields belong to the registry (spec 002): the person is not changed, a request waits for
 * confirmation. A person has at most one open request; asking again for a field replaces its value there,
 * so there is never more than one open request per field.
 */
export async function requestIdentityChange(tx: Tx, ctx: RequestContext, input: RequestIdentityChangeBody): Promise<ChangeRequest> {
  // The person's row lock serialises two submits of one person, so they cannot open two requests.
  const person = await findOwnPerson(tx, ctx, { lock: true });
  const mine = and(eq(personChangeRequests.organisationId, ctx.organisationId), eq(personChangeRequests.personId, person.personId), eq(personChangeRequests.status, 'open'));
  const [open] = await tx.select({ id: personChangeRequests.id, fields: personChangeRequests.fields }).from(personChangeRequests).where(mine);
  const requested: PersonFieldChanges = {};
  for (const field of identityFields) {
    const to = input[field];
    if (to !== undefined && to !== person[field]) requested[field] = { from: person[field], to };
  }
  const names = Object.keys(requested);
  if (names.length === 0) {
    throw new ValidationError('Your profile already shows these values; there is nothing to change.', {
      issues: identityFields.filter((field) => input[field] !== undefined).map((field) => ({ path: field, code: 'unchanged', message: 'This is already what your profile says.' })),
    });
  }
  const fields = { ...open?.fields, ...requested };
  const [row] = open
    ? await tx.update(personChangeRequests).set({ fields, updatedAt: ctx.now }).where(and(mine, eq(personChangeRequests.id, open.id))).returning(changeRequestColumns)
    : await tx
        .insert(personChangeRequests)
        .values({ organisationId: ctx.organisationId, personId: person.personId, requestedByUserId: ctx.user.id, fields, createdAt: ctx.now, updatedAt: ctx.now })
        .returning(changeRequestColumns);
  await recordAudit(tx, ctx, {
    action: 'PERSON_CHANGE_REQUESTED',
    targetType: 'PERSON',
    targetId: person.personId,
    metadata: { fields: names, changeRequestId: row!.id, replaced: names.filter((name) => open?.fields[name] !== undefined) },
  });
  return toChangeRequestDto(row!);
}
