import { noContent } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { revokeInvitation } from '@/lib/invitations/revoke-invitation';
import { InvitationIdParams } from '@/lib/invitations/schemas';

// DELETE /api/v1/invitations/{id} – revoke an open invitation
export const DELETE = route({ role: 'ADMIN', params: InvitationIdParams }, async ({ tx, ctx, params }) => {
  await revokeInvitation(tx, ctx, params.id);
  return noContent();
});

export const GET = methodNotAllowed(['DELETE']);
export const PUT = methodNotAllowed(['DELETE']);
export const POST = methodNotAllowed(['DELETE']);
export const PATCH = methodNotAllowed(['DELETE']);
