import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createInvitation } from '@/lib/people/invitations/create-invitation';
import { listInvitations } from '@/lib/people/invitations/list-invitations';
import { CreateInvitationBody, ListInvitationsQuery } from '@/lib/people/invitations/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/invitations – open invitations, newest first
  GET: route({ role: 'ADMIN', query: ListInvitationsQuery }, async ({ tx, ctx, query }) => ok(await listInvitations(tx, ctx, query))),

  // POST /api/v1/invitations – invite an e-mail address with a role; queues the welcome e-mail
  POST: route({ role: 'ADMIN', body: CreateInvitationBody }, async ({ tx, ctx, body }) => {
    const invitation = await createInvitation(tx, ctx, body);
    return created(invitation, `/api/v1/invitations/${invitation.id}`);
  }),
});
