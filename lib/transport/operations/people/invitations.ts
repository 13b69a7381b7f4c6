import { InvitationIdParams, ListInvitationsQuery } from '@/lib/people/invitations/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

const tag = 'Users';

export const listInvitations = defineOperation({
  method: 'get',
  path: '/v1/invitations',
  operationId: 'listInvitations',
  summary: 'List open invitations',
  description: 'Invitations not yet accepted, newest first. An invitation is accepted by the first sign-in with its e-mail address.',
  tag,
  role: 'ADMIN',
  query: ListInvitationsQuery,
  success: { status: 200, description: 'One page of open invitations.', schema: schemas.invitationPage },
});

export const createInvitation = defineOperation({
  method: 'post',
  path: '/v1/invitations',
  operationId: 'createInvitation',
  summary: 'Invite a person by e-mail',
  description:
    'The first sign-in with this e-mail address (ignoring case) creates the user with the invited role instead of EMPLOYEE. Queues the welcome e-mail and records USER_INVITED. One open invitation per address; an address that already has a user cannot be invited.',
  tag,
  role: 'ADMIN',
  body: schemas.createInvitationBody,
  success: { status: 201, description: 'The invitation.', schema: schemas.invitation },
  errors: ['INVITATION_EXISTS', 'USER_EXISTS'],
});

export const revokeInvitation = defineOperation({
  method: 'delete',
  path: '/v1/invitations/{id}',
  operationId: 'revokeInvitation',
  summary: 'Revoke an open invitation',
  description: 'Records INVITATION_REVOKED. Accepted invitations cannot be revoked; change the user instead.',
  tag,
  role: 'ADMIN',
  params: InvitationIdParams,
  success: { status: 204, description: 'Revoked.' },
  errors: ['INVITATION_NOT_FOUND'],
});
