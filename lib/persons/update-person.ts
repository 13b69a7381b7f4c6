import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/audit/record-audit';
import type { RequestContext } from '@/lib/core/context';
import { encryptField } from '@/lib/crypto/encrypt-field';
import { releaseHeldEmails } from '@/lib/notifications/release-held-emails';
import type { Person, UpdatePersonBody } from './schemas';
import { personColumns, personNotFound, toPersonDto } from './to-person-dto';

const plainFields = ['preferredEmail', 'phone', 'nationality', 'language', 'primaryRole', 'preferences', 'processingRestricted'] as const;

async function findPersonRow(tx: Tx, ctx: RequestContext, personId: string, lock = false) {
  const query = tx.select(personColumns).from(persons).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw personNotFound(personId, ctx.organisationId);
  return row;
}

/**
 * An admin's change of a person's platform-owned fields. The national identifier is encrypted before it is
 * stored; the audit entry says that it changed, never what it was or became.
 */
export async function updatePerson(tx: Tx, ctx: RequestContext, personId: string, input: UpdatePersonBody): Promise<Person> {
  const before = await findPersonRow(tx, ctx, personId, true);
  const { identifierNational, ...plain } = input;
  const encrypted =
    identifierNational === undefined ? {} : { identifierNational: identifierNational === null ? null : await encryptField(tx, ctx, 'person.identifierNational', identifierNational) };
  await tx
    .update(persons)
    .set({ ...plain, ...encrypted, updatedAt: ctx.now })
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  const after = await findPersonRow(tx, ctx, personId);
  const changes = diffChanges(before, after, plainFields);
  const fields = [...Object.keys(changes), ...(identifierNational === undefined ? [] : ['identifierNational'])];
  if (fields.length > 0) {
    await recordAudit(tx, ctx, {
      action: 'PERSON_UPDATED',
      targetType: 'PERSON',
      targetId: personId,
      changes,
      metadata: { fields, ...(identifierNational === undefined ? {} : { identifierNational: { changed: true } }) },
    });
  }
  // Lifting a restriction (spec 001) releases the e-mails held for it, as the person's own toggle does.
  if (before.processingRestricted && !after.processingRestricted) await releaseHeldEmails(tx, ctx, personId);
  return toPersonDto(after);
}
