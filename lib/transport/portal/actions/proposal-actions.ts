'use server';

import { z } from 'zod';
import { approveProposal } from '@/lib/registry/proposals/approve-proposal';
import { rejectProposal } from '@/lib/registry/proposals/reject-proposal';
import { RejectProposalBody } from '@/lib/registry/proposals/schemas';
import { isRegistrySyncOn } from '@/lib/registry/adapter/get-registry-adapter';
import { formAction } from '../portal-action';

const errors = {
  PROPOSAL_NOT_FOUND: 'This proposal no longer exists.',
  PROPOSAL_STATE_CONFLICT: 'Someone already decided this proposal.',
};

export const approveProposalAction = formAction(
  { role: 'ADMIN', input: z.object({ id: z.uuid() }), fields: (form) => ({ id: String(form.get('id') ?? '') }), revalidate: ['/admin/proposals'], errors },
  async ({ tx, ctx, input }) => {
    const proposal = await approveProposal(tx, ctx, input.id, { via: 'admin', registrySync: isRegistrySyncOn() });
    return { message: proposal.status === 'accepted' ? 'Approved and applied: this person is not mirrored from the registry.' : 'Approved. The change is on its way to the registry.' };
  },
);

export const rejectProposalAction = formAction(
  {
    role: 'ADMIN',
    input: z.object({ id: z.uuid() }).and(RejectProposalBody),
    fields: (form) => ({ id: String(form.get('id') ?? ''), reason: String(form.get('reason') ?? '') }),
    revalidate: ['/admin/proposals'],
    errors,
  },
  async ({ tx, ctx, input }) => {
    await rejectProposal(tx, ctx, input.id, { reason: input.reason });
    return { message: 'Rejected. The person is told, with your reason.' };
  },
);
