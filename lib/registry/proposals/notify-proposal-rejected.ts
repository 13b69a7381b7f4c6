import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { persons, users } from '@/db/schema';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { enqueueEmails } from '@/lib/platform/notifications/enqueue-email';
import type { ProposalRow } from './proposal-store';

type Rejected = Pick<ProposalRow, 'id' | 'personId' | 'kind' | 'fields'> & { rejectionReason: string | null };
type NotifyContext = { organisationId: string; afterCommit?: (fn: () => void) => void };

/**
 * The person whose change was turned down learns it in the portal and by e-mail, with the reason (field names,
 * never values). Every active account of the person is told; a restricted person gets neither (the helpers check).
 */
export async function notifyProposalRejected(tx: Tx, ctx: NotifyContext, proposal: Rejected, decidedBy: 'admin' | 'registry' = 'admin'): Promise<number> {
  const accounts = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.personId, proposal.personId), eq(users.isActive, true)));
  const fields = Object.keys(proposal.fields);
  const reason = proposal.rejectionReason ?? 'No reason was given.';
  for (const account of accounts) {
    await createNotification(tx, ctx.organisationId, {
      userId: account.id,
      kind: 'PERSON_CHANGE_REJECTED',
      title: 'Your profile change was not accepted',
      body: `${decidedBy === 'registry' ? 'The sports registry' : 'An administrator'} turned down your change of ${fields.join(', ')}: ${reason}`,
    });
  }
  await enqueueEmails(
    tx,
    ctx,
    accounts
      .filter((account): account is { id: string; email: string } => Boolean(account.email))
      .map((account) => ({
        template: 'person-change-rejected' as const,
        to: account.email,
        data: { proposalId: proposal.id, fields, reason, decidedBy },
        idempotencyKey: `person-change-rejected:${proposal.id}:${account.id}`,
      })),
  );
  return accounts.length;
}

/** Spec 002, "missing external id": the registry refused a new person; every active admin is told, in-app and by e-mail. */
export async function notifyRegistrationRejected(tx: Tx, ctx: NotifyContext, proposal: Rejected): Promise<number> {
  const [person] = await tx.select({ firstName: persons.firstName, lastName: persons.lastName }).from(persons).where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, proposal.personId)));
  const personName = person ? `${person.firstName} ${person.lastName}` : 'A person';
  const reason = proposal.rejectionReason ?? 'No reason was given.';
  const admins = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.role, 'ADMIN'), eq(users.isActive, true)));
  for (const admin of admins) {
    await createNotification(tx, ctx.organisationId, {
      userId: admin.id,
      kind: 'PERSON_REGISTRATION_REJECTED',
      title: `Registry refused to register ${personName}`,
      body: `The sports registry did not accept ${personName} as a new record (${reason}). The person stays local-only.`,
    });
  }
  await enqueueEmails(
    tx,
    ctx,
    admins
      .filter((admin): admin is { id: string; email: string } => Boolean(admin.email))
      .map((admin) => ({
        template: 'person-registration-rejected' as const,
        to: admin.email,
        data: { proposalId: proposal.id, personId: proposal.personId, personName, reason },
        idempotencyKey: `person-registration-rejected:${proposal.id}:${admin.id}`,
      })),
  );
  return admins.length;
}
