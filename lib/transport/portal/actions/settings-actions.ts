'use server';

import { z } from 'zod';
import { extensionModes, updateLoanPolicy } from '@/lib/lending/loans/policy';
import { LegalContactEmail, OrganisationName } from '@/lib/organisation/settings/schemas';
import { updateOrganisation } from '@/lib/organisation/settings/update-organisation';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import { formAction } from '../portal-action';

export const updateOrganisationAction = formAction(
  { role: 'ADMIN', input: z.object({ name: OrganisationName }), fields: (form) => ({ name: String(form.get('name') ?? '') }), revalidate: [{ path: '/', type: 'layout' }] },
  async ({ tx, ctx, input }) => {
    const { name } = await updateOrganisation(tx, ctx, input);
    return { message: `The organisation is now called ${name}.` };
  },
);

// An empty field clears the contact: reports are then kept on the Legal reports page and not e-mailed.
const LegalContactForm = z.object({
  legalContactEmail: z
    .string()
    .trim()
    .transform((value) => value || null)
    .pipe(LegalContactEmail.nullable()),
});

export const updateLegalContactAction = formAction(
  {
    role: 'ADMIN',
    input: LegalContactForm,
    fields: (form) => ({ legalContactEmail: String(form.get('legalContactEmail') ?? '').trim() }),
    revalidate: ['/admin/settings', '/admin/legal-reports'],
  },
  async ({ tx, ctx, input }) => {
    const { legalContactEmail } = await updateOrganisation(tx, ctx, input);
    return { message: legalContactEmail ? `Monthly legal reports will be e-mailed to ${legalContactEmail}.` : 'No legal contact: monthly legal reports are kept here and not e-mailed.' };
  },
);

const days = (min: number) =>
  z
    .string()
    .trim()
    .min(1, 'Enter a number of days.')
    .transform(Number)
    .pipe(
      z
        .number('Enter a number of days.')
        .int('Use whole days.')
        .min(min, min === 0 ? 'Enter 0 days or more.' : `Enter at least ${min} ${min === 1 ? 'day' : 'days'}.`)
        .max(3650, 'At most 3650 days.'),
    );

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
    revalidate: ['/admin/settings'],
  },
  async ({ tx, ctx, input }) => {
    await updateLoanPolicy(tx, ctx, input);
    return { message: 'Loan policy saved. It applies to new requests and extensions from now on.' };
  },
);

// An empty field unlinks the organisation from the registry; a filled one is checked against the registry.
export const linkRegistryAction = formAction(
  {
    role: 'ADMIN',
    input: z.object({ registryId: z.string().trim().max(100, 'A registry id can have at most 100 characters.').transform((value) => value || null) }),
    fields: (form) => ({ registryId: String(form.get('registryId') ?? '').trim() }),
    errorFields: { REGISTRY_SYNC_OFF: 'registryId', REGISTRY_ORGANISATION_NOT_FOUND: 'registryId', REGISTRY_ID_TAKEN: 'registryId' },
    revalidate: ['/admin/settings'],
  },
  async ({ tx, ctx, input }) => {
    const settings = await updateOrganisation(tx, ctx, input, { registry: getRegistryAdapter() });
    return { message: settings.registryId ? `Linked to ${settings.registryOfficial?.name ?? settings.registryId} at the registry; its official data is mirrored nightly.` : 'Not linked to the registry any more.' };
  },
);
