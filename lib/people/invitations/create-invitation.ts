import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { invitations, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import { findOpenInvitation, invitationExists, toInvitationDto, userExists } from './invitation-store';
import type { CreateInvitationBody, Invitation } from './schemas';

async function inviterName(tx: Tx, ctx: RequestContext): Promise<string> {
  const [row] = await tx
    .select({ name: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}` })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, ctx.user.personId)));
  return row?.name ?? ctx.organisation.name;
}

/** One open invitation per address, and none for an address that already has an account; the welcome e-mail goes out with it. */
export async function createInvitation(tx: Tx, ctx: RequestContext, input: CreateInvitationBody): Promise<Invitation> {
  const email = input.email.trim();
  // Two admins inviting one address at once: the second waits and then sees the first one's invitation.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`invitation:${ctx.organisationId}:${email.toLowerCase()}`}, 0))`);
  const [existingUser] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), sql`lower(${users.email}) = ${email.toLowerCase()}`));
  if (existingUser) throw userExists(email);
  const [open] = await tx
    .select({ id: invitations.id })
    .from(invitations)
    .where(and(eq(invitations.organisationId, ctx.organisationId), isNull(invitations.acceptedAt), sql`lower(${invitations.email}) = ${email.toLowerCase()}`));
  if (open) throw invitationExists(email);

  const [created] = await tx
    .insert(invitations)
    .values({ organisationId: ctx.organisationId, email, role: input.role, invitedByUserId: ctx.user.id })
    .returning({ id: invitations.id });
  const invitationId = created!.id;
  await recordAudit(tx, ctx, {
    action: 'USER_INVITED',
    targetType: 'INVITATION',
    targetId: invitationId,
    changes: { email: { before: null, after: email }, role: { before: null, after: input.role } },
  });
  await enqueueEmail(tx, ctx, {
    template: 'welcome',
    to: email,
    data: { invitationId, organisationName: ctx.organisation.name, inviterName: await inviterName(tx, ctx), role: input.role },
    idempotencyKey: `invitation:${invitationId}`,
  });
  return toInvitationDto(await findOpenInvitation(tx, ctx.organisationId, invitationId));
}
