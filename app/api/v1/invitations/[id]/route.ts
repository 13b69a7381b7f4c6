import { noContent } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { revokeInvitation } from '@/lib/people/invitations/revoke-invitation';
import * as invitations from '@/lib/transport/operations/people/invitations';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  DELETE: route(invitations.revokeInvitation, async ({ tx, ctx, params }) => {
    await revokeInvitation(tx, ctx, params.id);
    return noContent();
  }),
});
