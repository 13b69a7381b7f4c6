import { noContent } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { revokeInvitation } from '@/lib/people/invitations/revoke-invitation';
import { InvitationIdParams } from '@/lib/people/invitations/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // DELETE /api/v1/invitations/{id} – revoke an open invitation
  DELETE: route({ role: 'ADMIN', params: InvitationIdParams }, async ({ tx, ctx, params }) => {
    await revokeInvitation(tx, ctx, params.id);
    return noContent();
  }),
});
