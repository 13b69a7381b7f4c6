'use server';

import { z } from 'zod';
import { fileDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/file-deletion-request';
import { rejectDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/reject-deletion-request';
import { FileDeletionRequestBody, RejectDeletionRequestBody, VerificationMethod, VerifyDeletionRequestBody } from '@/lib/privacy/erasure/deletion-requests/schemas';
import { verifyDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/verify-deletion-request';
import { formAction } from '../portal-action';

const adminPaths = (id: string) => ['/admin/erasure-requests', `/admin/erasure-requests/${id}`, '/dashboard'];

// The form's own shape, worded for the form, turned into the body POST /api/v1/data-delete-request takes.
const ErasureForm = z
  .object({
    scope: z.enum(['full', 'partial'], 'Choose what should be erased.'),
    partialFields: z.array(z.string()),
  })
  .refine((form) => form.scope === 'full' || form.partialFields.length > 0, { path: ['partialFields'], message: 'Tick at least one detail to erase.' })
  .transform((form) => (form.scope === 'full' ? { scope: 'full' as const } : form))
  .pipe(FileDeletionRequestBody);

// The same request as POST /api/v1/data-delete-request, for the caller's own person.
export const fileErasureRequestAction = formAction(
  {
    role: 'EMPLOYEE',
    input: ErasureForm,
    fields: (form) => ({ scope: String(form.get('scope') ?? ''), partialFields: form.getAll('partialFields').map(String) }),
    revalidate: ['/profile/data'],
  },
  async ({ tx, ctx, input }) => {
    const { reused } = await fileDeletionRequest(tx, ctx, { ...input, personId: undefined });
    return {
      message: reused
        ? 'You already have an open erasure request; its status is shown below.'
        : 'Your request has been filed. An administrator will contact you to confirm your identity before anything is erased.',
    };
  },
);

const VerifyInput = VerifyDeletionRequestBody.extend({ id: z.uuid(), method: z.enum(VerificationMethod.options, 'Choose how you confirmed who they are.') });
const RejectInput = RejectDeletionRequestBody.extend({ id: z.uuid() });

export const verifyErasureRequestAction = formAction(
  {
    role: 'ADMIN',
    input: VerifyInput,
    fields: (form) => ({ id: form.get('id'), method: form.get('method') || undefined, note: String(form.get('note') ?? '') || undefined }),
    revalidate: (input) => adminPaths(input.id),
    errors: {
      DATA_DELETION_FILER_CANNOT_VERIFY: 'You filed this request, so another administrator has to verify it. An erasure cannot be undone, so it always takes two people.',
      DATA_DELETION_OWN_REQUEST: 'This request is about you, so another administrator has to verify it.',
    },
  },
  async ({ tx, ctx, input: { id, ...body } }) => {
    await verifyDeletionRequest(tx, ctx, id, body);
    return { message: 'Identity verified. The erasure is queued and runs within minutes; this page shows its progress.' };
  },
);

export const rejectErasureRequestAction = formAction(
  {
    role: 'ADMIN',
    input: RejectInput,
    fields: (form) => ({ id: form.get('id'), reason: String(form.get('reason') ?? '') }),
    revalidate: (input) => adminPaths(input.id),
  },
  async ({ tx, ctx, input: { id, ...body } }) => {
    await rejectDeletionRequest(tx, ctx, id, body);
    return { message: 'The request was rejected. The person has been told why, by e-mail and in the app.' };
  },
);
