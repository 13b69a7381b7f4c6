'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { extensionModes, updateLoanPolicy } from '@/lib/loans/policy';
import { UpdateOrganisationBody } from '@/lib/organisations/schemas';
import { updateOrganisation } from '@/lib/organisations/update-organisation';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

export type FormState = ActionResult & { values?: Record<string, string> };

export async function updateOrganisationAction(_previous: FormState | null, formData: FormData): Promise<FormState> {
  const portal = await requirePortalContext('ADMIN');
  const values = { name: String(formData.get('name') ?? '') };
  try {
    const input = UpdateOrganisationBody.parse(values);
    const { name } = await withPortalTransaction(portal, (tx, ctx) => updateOrganisation(tx, ctx, input));
    revalidatePath('/', 'layout');
    return { ok: true, message: `The organisation is now called ${name}.` };
  } catch (error) {
    return { ...portalActionError(error), values };
  }
}

const days = (min: number) =>
  z
    .string()
    .trim()
    .min(1, 'Enter a number of days.')
    .transform(Number)
    .pipe(z.number('Enter a number of days.').int('Use whole days.').min(min, `At least ${min}.`).max(3650, 'At most 3650 days.'));

// The form's own shape: strings from the browser, turned into the body PATCH /api/v1/loan-policy takes.
const LoanPolicyForm = z.object({
  requireApproval: z.boolean(),
  defaultApproverUserId: z.union([z.literal('').transform(() => null), z.uuid('Choose an approver from the list.')]),
  extensions: z.enum(extensionModes, 'Choose how extensions work.'),
  maxLoanDays: days(1),
  maxAdvanceBookingDays: days(0),
});

export async function updateLoanPolicyAction(_previous: FormState | null, formData: FormData): Promise<FormState> {
  const portal = await requirePortalContext('ADMIN');
  const values = {
    requireApproval: formData.get('requireApproval') === 'on' ? 'on' : '',
    defaultApproverUserId: String(formData.get('defaultApproverUserId') ?? ''),
    extensions: String(formData.get('extensions') ?? ''),
    maxLoanDays: String(formData.get('maxLoanDays') ?? ''),
    maxAdvanceBookingDays: String(formData.get('maxAdvanceBookingDays') ?? ''),
  };
  try {
    const input = LoanPolicyForm.parse({ ...values, requireApproval: values.requireApproval === 'on' });
    await withPortalTransaction(portal, (tx, ctx) => updateLoanPolicy(tx, ctx, input));
    revalidatePath('/admin/settings');
    return { ok: true, message: 'Loan policy saved. It applies to new requests and extensions from now on.' };
  } catch (error) {
    return { ...portalActionError(error), values };
  }
}
