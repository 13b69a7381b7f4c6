import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { persons, users } from '@/db/schema';
import { personIsRegistered } from '@/lib/people/persons/person-is-registered';
import type { LoanPolicy } from './policy';

export type Recipient = { id: string; email: string | null; name: string };

async function isActiveApprover(tx: Executor, organisationId: string, userId: string): Promise<boolean> {
  const [user] = await tx
    .select({ id: users.id })
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId), eq(users.isActive, true), inArray(users.role, ['ASSET_MANAGER', 'ADMIN']), personIsRegistered));
  return Boolean(user);
}

/**
 * The organisation's rules pick the approver: the first rule whose category and location match the asset,
 * else the default. A named approver who left or lost the role, whose person waits for the registry
 * (pending_registration), or who is the requester (nobody decides on
 * their own request), falls back to "any ASSET_MANAGER" (null), so no request is ever stuck with nobody able
 * to decide it.
 */
export async function resolveApprover(
  tx: Executor,
  organisationId: string,
  policy: LoanPolicy,
  asset: { categoryId: string; locationId: string },
  requesterId: string,
): Promise<string | null> {
  const rule = policy.approverRules.find(
    (r) => (r.categoryId === null || r.categoryId === asset.categoryId) && (r.locationId === null || r.locationId === asset.locationId),
  );
  const candidate = rule ? rule.approverUserId : policy.defaultApproverUserId;
  if (!candidate || candidate === requesterId) return null;
  return (await isActiveApprover(tx, organisationId, candidate)) ? candidate : null;
}

const recipientColumns = { id: users.id, email: users.email, firstName: persons.firstName, lastName: persons.lastName };

function toRecipient(row: { id: string; email: string | null; firstName: string; lastName: string }): Recipient {
  return { id: row.id, email: row.email, name: `${row.firstName} ${row.lastName}` };
}

export async function findRecipient(tx: Executor, organisationId: string, userId: string): Promise<Recipient | null> {
  const [row] = await tx
    .select(recipientColumns)
    .from(users)
    .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
    .where(and(eq(users.organisationId, organisationId), eq(users.id, userId)));
  return row ? toRecipient(row) : null;
}

/** Who is told about a new request: the named approver, else every active asset manager (else the admins), none pending registration. */
export async function approverRecipients(tx: Executor, organisationId: string, approverId: string | null, excludeUserId: string): Promise<Recipient[]> {
  if (approverId) {
    const approver = await findRecipient(tx, organisationId, approverId);
    return approver ? [approver] : [];
  }
  for (const role of ['ASSET_MANAGER', 'ADMIN'] as const) {
    const rows = await tx
      .select(recipientColumns)
      .from(users)
      .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
      .where(and(eq(users.organisationId, organisationId), eq(users.role, role), eq(users.isActive, true), personIsRegistered));
    const recipients = rows.map(toRecipient).filter((r) => r.id !== excludeUserId);
    if (recipients.length > 0) return recipients;
  }
  return [];
}
