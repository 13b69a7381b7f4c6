import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

export const proposalStatuses = ['pending', 'approved_locally', 'submitted', 'accepted', 'rejected'] as const;
/** Not yet decided by the registry: their values count as local changes in the sync merge. */
export const openProposalStatuses = ['pending', 'approved_locally', 'submitted'] as const;

export const ProposalIdParams = z.object({ id: z.uuid('The proposal id must be a UUID.') });

export const ListProposalsQuery = z.strictObject({
  status: z.enum(proposalStatuses, `Choose a status: ${proposalStatuses.join(', ')}.`).optional(),
  personId: z.uuid('The person id must be a UUID.').optional(),
  ...pageQuery,
});
export type ListProposalsQuery = z.infer<typeof ListProposalsQuery>;

export const RejectProposalBody = z.strictObject({
  reason: z.string('Give a reason.').trim().min(3, 'Give a reason of at least 3 characters.').max(1000, 'The reason can have at most 1000 characters.'),
});
export type RejectProposalBody = z.infer<typeof RejectProposalBody>;

export const Evidence = z.strictObject({
  documentUrl: z
    .url({ protocol: /^https$/, error: 'The evidence must be an https:// address of the document.' })
    .max(2000, 'The evidence address can have at most 2000 characters.')
    .describe('An https:// link to a supporting document (a certificate, a passport scan held by the club).'),
});

export const ConfirmEmailQuery = z.object({ token: z.string().min(20).max(200) });

export const Proposal = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  personName: z.string().nullable().describe('The person as the platform shows them; null once erased.'),
  kind: z.enum(['update', 'create', 'deactivate']),
  proposedBy: z.uuid().nullable().describe('The user who proposed it; null when the platform did (erasure, registration).'),
  changes: z.record(z.string(), z.unknown()).describe('Field -> proposed value. A national identifier is never shown: its value reads "(hidden)".'),
  previous: z.record(z.string(), z.unknown()).describe('Field -> the value when proposed.'),
  evidence: Evidence.nullable(),
  erasureRequestId: z
    .uuid()
    .nullable()
    .describe('Set when the platform asks the registry to clear fields a partial erasure removed here (each changes to null); sent to the registry as the reason "erasure request <id>". Whatever the registry decides, the fields stay erased here.'),
  status: z.enum(proposalStatuses),
  approvedVia: z.enum(['admin', 'email_confirmation', 'system']).nullable(),
  decidedBy: z.uuid().nullable(),
  decidedAt: z.iso.datetime().nullable(),
  externalSubmissionId: z.string().nullable(),
  submittedAt: z.iso.datetime().nullable(),
  resolvedAt: z.iso.datetime().nullable(),
  rejectionReason: z.string().nullable(),
  submissionAttempts: z.number().int(),
  nextAttemptAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  emailConfirmation: z.enum(['not_needed', 'awaiting', 'confirmed']),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Proposal = z.infer<typeof Proposal>;
