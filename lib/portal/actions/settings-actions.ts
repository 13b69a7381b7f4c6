'use server';

import { z } from 'zod';
import { extensionModes, updateLoanPolicy } from '@/lib/loans/policy';
import { UpdateOrganisationBody } from '@/lib/organisations/schemas';
import { updateOrganisation } from '@/lib/organisations/update-organisation';
import { formAction } from '../portal-action';

export const updateOrganisationAction = formAction(
  { role: 'ADMIN', input: UpdateOrganisationBody, fields: (form) => ({ name: String(form.get('name') ?? '') }), keepValues: true, revalidate: [{ path: '/', type: 'layout' }] },
  async ({ tx, ctx, input }) => {
    const { name } = await updateOrganisation(tx, ctx, input);
    return { message: `The organisation is now called ${name}.` };
  },
);

const days = (min: number) =>
  z
    .string()
    .trim()
    .min(1, 'Enter a number of days.')
    .transform(Number)
    .pipe(z.number('Enter a number of days.').int('Use whole days.').min(min, `At least ${min}.`).max(3650, 'At most 3650 days.'));

// The form's own shape: strings from the browser, turned into the body PATCH /api/v1/loan-policy takes.
const LoanPolicyForm = z.object({
  requireApproval: z.literal(['on', '']).transform((value) => value === 'on'),
  defaultApproverUserId: z.union([z.literal('').transform(() => null), z.uuid('Choose an approver from the list.')]),
  extensions: z.enum(extensionModes, 'Choose how extensions work.'),
  maxLoanDays: days(1),
  maxAdvanceBookingDays: days(0),
});

export const updateLoanPolicyAction = formAction(
  {
    role: 'ADMIN',
    input: LoanPolicyForm,
    fields: (form) => ({
      requireApproval: form.get('requireApproval') === 'on' ? 'on' : '',
      defaultApproverUserId: String(form.get('defaultApproverUserId') ?? ''),
      extensions: String(form.get('extensions') ?? ''),
      maxLoanDays: String(form.get('maxLoanDays') ?? ''),
      maxAdvanceBookingDays: String(form.get('maxAdvanceBookingDays') ?? ''),
    }),
    keepValues: true,
    revalidate: ['/admin/settings'],
  },
  async ({ tx, ctx, input }) => {
    await updateLoanPolicy(tx, ctx, input);
    return { message: 'Loan policy saved. It applies to new requests and extensions from now on.' };
  },
);
