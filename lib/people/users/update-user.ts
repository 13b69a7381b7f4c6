import { and, count, eq, ne } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { UpdateUserBody, User } from './schemas';
import { findUserRow, toUserDto } from './user-store';

export const userErased = (userId: string) =>
  new ConflictError('USER_ERASED', "This account was erased with its person's data; it cannot be reactivated.", { userId });

const sameDuties = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((duty) => b.includes(duty));

/** A tenant must keep one active admin, or nobody could manage it any more. */
async function assertAnotherActiveAdmin(tx: Tx, ctx: RequestContext, userId: string): Promise<void> {
  const [others] = await tx
    .select({ admins: count() })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.role, 'ADMIN'), eq(users.isActive, true), ne(users.id, userId)));
  if (!others || others.admins === 0) {
    throw new ConflictError('LAST_ADMIN', 'The organisation needs at least one active admin.', { userId });
  }
}

/**
 * Spec 001's Person life cycle: deactivating the account deactivates the person (deletedAt), from which the
 * retention rule anonymises them three years later; reactivating clears it. A person with another active account
 * stays active. Audited on the person, in the caller's transaction.
 */
async function followAccountState(tx: Tx, ctx: RequestContext, personId: string, userId: string, isActive: boolean): Promise<void> {
  const where = and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId));
  const [person] = await tx.select({ deletedAt: persons.deletedAt, anonymizedAt: persons.anonymizedAt }).from(persons).where(where).for('update');
  if (!person) return;
  if (isActive && person.anonymizedAt) throw userErased(userId);
  if (isActive ? person.deletedAt === null : person.deletedAt !== null) return;
  if (!isActive) {
    const [others] = await tx
      .select({ active: count() })
      .from(users)
      .where(and(eq(users.organisationId, ctx.organisationId), eq(users.personId, personId), eq(users.isActive, true), ne(users.id, userId)));
    if ((others?.active ?? 0) > 0) return;
  }
  const deletedAt = isActive ? null : ctx.now;
  await tx.update(persons).set({ deletedAt, updatedAt: ctx.now }).where(where);
  await recordAudit(tx, ctx, {
    action: isActive ? 'PERSON_REACTIVATED' : 'PERSON_DEACTIVATED',
    targetType: 'PERSON',
    targetId: personId,
    changes: { deletedAt: { before: person.deletedAt?.toISOString() ?? null, after: deletedAt?.toISOString() ?? null } },
    metadata: { userId },
  });
}

export async function updateUser(tx: Tx, ctx: RequestContext, userId: string, input: UpdateUserBody): Promise<User> {
  // Serialises concurrent role changes, so two admins cannot demote each other at once.
  await tx.select({ id: users.id }).from(users).where(and(eq(users.organisationId, ctx.organisationId), eq(users.role, 'ADMIN'))).for('update');
  const before = await findUserRow(tx, ctx.organisationId, userId);
  const losesAdmin = before.role === 'ADMIN' && before.isActive && ((input.role && input.role !== 'ADMIN') || input.isActive === false);
  if (losesAdmin) await assertAnotherActiveAdmin(tx, ctx, userId);
  await tx
    .update(users)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.id, userId)));
  if (input.role && input.role !== before.role) {
    await recordAudit(tx, ctx, {
      action: 'USER_ROLE_CHANGED',
      targetType: 'USER',
      targetId: userId,
      changes: { role: { before: before.role, after: input.role } },
    });
  }
  if (input.duties && !sameDuties(input.duties, before.duties)) {
    await recordAudit(tx, ctx, {
      action: 'USER_DUTIES_CHANGED',
      targetType: 'USER',
      targetId: userId,
      changes: { duties: { before: [...before.duties].sort(), after: [...input.duties].sort() } },
    });
  }
  if (input.isActive !== undefined && input.isActive !== before.isActive) {
    await followAccountState(tx, ctx, before.personId, userId, input.isActive);
    await recordAudit(tx, ctx, {
      action: input.isActive ? 'USER_REACTIVATED' : 'USER_DEACTIVATED',
      targetType: 'USER',
      targetId: userId,
      changes: { isActive: { before: before.isActive, after: input.isActive } },
    });
  }
  return toUserDto(await findUserRow(tx, ctx.organisationId, userId));
}
