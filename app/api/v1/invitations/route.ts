import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createInvitation } from '@/lib/people/invitations/create-invitation';
import { listInvitations } from '@/lib/people/invitations/list-invitations';
import { CreateInvitationBody, ListInvitationsQuery } from '@/lib/people/invitations/schemas';

// GET /api/v1/invitations – open invitations, newest first
export const GET = route({ role: 'ADMIN', query: ListInvitationsQuery }, async ({ tx, ctx, query }) => ok(await listInvitations(tx, ctx, query)));

// POST /api/v1/invitations – invite an e-mail address with a role; queues the welcome e-mail
export const POST = route({ role: 'ADMIN', body: CreateInvitationBody }, async ({ tx, ctx, body }) => {
  const invitation = await createInvitation(tx, ctx, body);
  return created(invitation, `/api/v1/invitations/${invitation.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
