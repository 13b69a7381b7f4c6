import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createInvitation } from '@/lib/people/invitations/create-invitation';
import { listInvitations } from '@/lib/people/invitations/list-invitations';
import * as invitations from '@/lib/transport/operations/people/invitations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(invitations.listInvitations, async ({ tx, ctx, query }) => ok(await listInvitations(tx, ctx, query))),

  POST: route(invitations.createInvitation, async ({ tx, ctx, body }) => {
    const invitation = await createInvitation(tx, ctx, body);
    return created(invitation, `/api/v1/invitations/${invitation.id}`);
  }),
});
