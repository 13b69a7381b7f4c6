import { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import { ConfirmEmailQuery, ListProposalsQuery, Proposal, ProposalIdParams, RejectProposalBody } from '@/lib/registry/proposals/schemas';
import { headerRefs } from '@/lib/transport/openapi/components';
import { buildErrorResponses } from '@/lib/transport/openapi/error-responses';
import { defineDocumentedOperation, defineOperation } from '../operation';
import { named } from '../named';

// Spec 002, sync out: PersonChangeProposal, its admin queue and the official e-mail validator's link.

const tag = 'Registry';

const PersonChangeProposal = named('PersonChangeProposal', Proposal, { description: 'A proposed change of a person’s registry-owned fields (spec 002).' });
const PersonChangeProposalPage = named('PersonChangeProposalPage', pageSchema(PersonChangeProposal));

export const listPersonChangeProposals = defineOperation({
  method: 'get',
  path: '/v1/person-change-proposals',
  operationId: 'listPersonChangeProposals',
  summary: 'List change proposals',
  description: 'The proposals queue, oldest first: `?status=pending` is what waits for an admin. A national identifier is never shown (its value reads "(hidden)").',
  tag,
  role: 'ADMIN',
  query: ListProposalsQuery,
  success: { status: 200, description: 'A page of proposals.', schema: PersonChangeProposalPage },
});

export const getPersonChangeProposal = defineOperation({
  method: 'get',
  path: '/v1/person-change-proposals/{id}',
  operationId: 'getPersonChangeProposal',
  summary: 'Get a change proposal',
  description:
    'One proposal with its state, its submission to the registry (externalSubmissionId, attempts, next attempt, last error) and its outcome. Another organisation’s id answers 404.',
  tag,
  role: 'ADMIN',
  params: ProposalIdParams,
  success: { status: 200, description: 'The proposal.', schema: PersonChangeProposal },
  errors: ['PROPOSAL_NOT_FOUND'],
});

export const approvePersonChangeProposal = defineOperation({
  method: 'post',
  path: '/v1/person-change-proposals/{id}/approve',
  operationId: 'approvePersonChangeProposal',
  summary: 'Approve a change proposal',
  description:
    'pending → approved_locally: the submission job sends it to the registry (with the proposal’s idempotency key), which decides; the person changes when the registry accepted. For a local-only person (no registry id) or in phase 0 the platform is authoritative: the change is applied at once and the proposal is accepted. Records PERSON_CHANGE_APPROVED. A decided proposal answers 409 PROPOSAL_STATE_CONFLICT.',
  tag,
  role: 'ADMIN',
  params: ProposalIdParams,
  success: { status: 200, description: 'The proposal after the decision.', schema: PersonChangeProposal },
  errors: ['PROPOSAL_NOT_FOUND', 'PROPOSAL_STATE_CONFLICT'],
});

export const rejectPersonChangeProposal = defineOperation({
  method: 'post',
  path: '/v1/person-change-proposals/{id}/reject',
  operationId: 'rejectPersonChangeProposal',
  summary: 'Reject a change proposal',
  description: 'pending → rejected with the reason, which the person gets in-app and by e-mail and sees on their profile. Records PERSON_CHANGE_REJECTED.',
  tag,
  role: 'ADMIN',
  params: ProposalIdParams,
  body: RejectProposalBody,
  success: { status: 200, description: 'The proposal after the decision.', schema: PersonChangeProposal },
  errors: ['PROPOSAL_NOT_FOUND', 'PROPOSAL_STATE_CONFLICT'],
});

// Its credential is the e-mailed token, not a bearer token: no 401, no role, the link's or the client's rate limit.
export const confirmOfficialEmail = defineDocumentedOperation({
  method: 'get',
  path: '/v1/profile/email-confirmations',
  query: ConfirmEmailQuery,
  document: {
    operationId: 'confirmOfficialEmail',
    summary: 'Confirm a new official e-mail',
    description:
      'The link e-mailed to a newly proposed official address (the automatic validator). The `token` is the credential: no bearer token. Valid once and for 24 hours; only its SHA-256 is stored. A proposal that changes only the official e-mail is then approved (approvedVia email_confirmation); one that changes other fields too stays pending for an admin, marked confirmed. A browser is redirected (303) to /profile?emailConfirmation=confirmed|invalid|expired; other clients get JSON. A call whose token matches a proposal counts against that link’s own rate limit; any other against the client’s, so guessing stays limited and nobody else’s failures can block a real link.',
    tags: ['Profile'],
    security: [],
    request: { query: ConfirmEmailQuery },
    responses: {
      200: {
        description: 'Confirmed.',
        headers: { 'X-RateLimit-Limit': headerRefs.limit, 'X-RateLimit-Remaining': headerRefs.remaining, 'X-RateLimit-Reset': headerRefs.reset, 'X-Request-Id': headerRefs.requestId },
        content: { 'application/json': { schema: z.object({ proposalId: z.uuid(), status: z.string(), approved: z.boolean() }) } },
      },
      303: { description: 'A browser, sent to its profile page.' },
      ...buildErrorResponses(['VALIDATION_ERROR', 'TENANT_NOT_FOUND', 'EMAIL_CONFIRMATION_INVALID', 'EMAIL_CONFIRMATION_EXPIRED', 'RATE_LIMITED', 'INTERNAL_ERROR']),
    },
  },
});
