import { noContent } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { revokeInvitation } from '@/lib/people/invitations/revoke-invitation';
import { InvitationIdParams } from '@/lib/people/invitations/schemas';

// DELETE /api/v1/invitations/{id} – revoke an open invitation
export const DELETE = route({ role: 'ADMIN', params: InvitationIdParams }, async ({ tx, ctx, params }) => {
  await revokeInvitation(tx, ctx, params.id);
  return noContent();
});

export const GET = methodNotAllowed(['DELETE']);
export const PUT = methodNotAllowed(['DELETE']);
export const POST = methodNotAllowed(['DELETE']);
export const PATCH = methodNotAllowed(['DELETE']);
