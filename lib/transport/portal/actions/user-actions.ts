'use server';

import { z } from 'zod';
import { Role } from '@/lib/platform/auth/roles';
import { createInvitation } from '@/lib/people/invitations/create-invitation';
import { revokeInvitation } from '@/lib/people/invitations/revoke-invitation';
import { CreateInvitationBody } from '@/lib/people/invitations/schemas';
import { dutiesInOrder, dutyLabels } from '@/lib/people/users/duty-labels';
import { roleLabels } from '@/lib/people/users/role-labels';
import { UserDuties } from '@/lib/people/users/schemas';
import { updateUser } from '@/lib/people/users/update-user';
import { formAction } from '../portal-action';

const userErrors = {
  LAST_ADMIN: 'This is the last active admin. Make another user an admin first, so someone can still manage the organisation.',
  USER_ERASED: "This account was erased with the person's data, so it cannot be reactivated.",
};
const usersPage = ['/admin/users'];
const UserRef = z.object({ userId: z.uuid('Unknown user.') });

export const changeRoleAction = formAction(
  {
    role: 'ADMIN',
    input: UserRef.extend({ role: Role }),
    fields: (form) => ({ userId: form.get('userId'), role: form.get('role') }),
    errors: userErrors,
    errorFields: { LAST_ADMIN: 'role' },
    revalidate: usersPage,
  },
  async ({ tx, ctx, input }) => {
    const user = await updateUser(tx, ctx, input.userId, { role: input.role });
    return { message: `${user.firstName} ${user.lastName} is now ${roleLabels[user.role].toLowerCase()}.` };
  },
);

export const changeDutiesAction = formAction(
  {
    role: 'ADMIN',
    input: UserRef.extend({ duties: UserDuties }),
    fields: (form) => ({ userId: form.get('userId'), duties: form.getAll('duties') }),
    errors: userErrors,
    revalidate: usersPage,
  },
  async ({ tx, ctx, input }) => {
    const user = await updateUser(tx, ctx, input.userId, { duties: input.duties });
    const name = `${user.firstName} ${user.lastName}`;
    const duties = dutiesInOrder.filter((duty) => user.duties.includes(duty)).map((duty) => dutyLabels[duty]);
    const list = duties.length > 1 ? `${duties.slice(0, -1).join(', ')} and ${duties.at(-1)}` : duties[0];
    return { message: list ? `${name} now has the ${duties.length > 1 ? 'duties' : 'duty'} ${list}.` : `${name} now has no duties.` };
  },
);

export const setActiveAction = formAction(
  {
    role: 'ADMIN',
    input: UserRef.extend({ isActive: z.enum(['true', 'false']).transform((value) => value === 'true') }),
    fields: (form) => ({ userId: form.get('userId'), isActive: form.get('isActive') }),
    errors: userErrors,
    revalidate: usersPage,
  },
  async ({ tx, ctx, input }) => {
    const user = await updateUser(tx, ctx, input.userId, { isActive: input.isActive });
    const name = `${user.firstName} ${user.lastName}`;
    // Spec 001: a person deactivated three years ago is anonymised by the retention run.
    return { message: input.isActive ? `${name} is reactivated.` : `${name} is deactivated. Their personal data will be anonymised three years from now unless the account is reactivated.` };
  },
);

export const inviteAction = formAction(
  {
    role: 'ADMIN',
    input: CreateInvitationBody,
    fields: (form) => ({ email: String(form.get('email') ?? '').trim(), role: String(form.get('role') ?? 'EMPLOYEE') }),
    revalidate: usersPage,
  },
  async ({ tx, ctx, input }) => ({ message: `Invitation sent to ${(await createInvitation(tx, ctx, input)).email}.` }),
);

export const revokeInvitationAction = formAction(
  { role: 'ADMIN', input: z.object({ invitationId: z.uuid('Unknown invitation.') }), fields: (form) => ({ invitationId: form.get('invitationId') }), revalidate: usersPage },
  async ({ tx, ctx, input }) => {
    await revokeInvitation(tx, ctx, input.invitationId);
    return { message: 'Invitation revoked.' };
  },
);
