import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons, users } from '@/db/schema';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { User } from './schemas';

export const userColumns = {
  id: users.id,
  personId: users.personId,
  firstName: persons.firstName,
  lastName: persons.lastName,
  email: users.email,
  role: users.role,
  duties: users.duties,
  isActive: users.isActive,
  lastSeenAt: users.lastSeenAt,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

type UserRow = Omit<User, 'lastSeenAt' | 'createdAt' | 'updatedAt'> & { lastSeenAt: Date | null; createdAt: Date; updatedAt: Date };

export function toUserDto(row: UserRow): User {
  return { ...row, lastSeenAt: row.lastSeenAt?.toISOString() ?? null, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function userNotFound(userId: string, organisationId: string): NotFoundError {
  return new NotFoundError('USER_NOT_FOUND', 'The user does not exist.', { userId, organisationId });
}

export async function findUserRow(tx: Executor, organisationId: string, userId: string): Promise<UserRow> {
  const [row] = await tx
    .select(userColumns)
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  if (!row) throw userNotFound(userId, organisationId);
  return row;
}
