'use server';

import { revalidatePath } from 'next/cache';
import { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { Role } from '@/lib/auth/roles';
import { createInvitation } from '@/lib/invitations/create-invitation';
import { revokeInvitation } from '@/lib/invitations/revoke-invitation';
import { CreateInvitationBody } from '@/lib/invitations/schemas';
import { roleLabels } from '@/lib/users/role-labels';
import { updateUser } from '@/lib/users/update-user';
import { type ActionResult, portalActionError, requirePortalContext, withPortalTransaction } from '../../portal-context';

const LAST_ADMIN_MESSAGE = 'This is the last active admin. Make another user an admin first, so someone can still manage the organisation.';

function userActionError(error: unknown): ActionResult {
  if (error instanceof ApiError && error.code === 'LAST_ADMIN') return { ok: false, message: LAST_ADMIN_MESSAGE };
  return portalActionError(error);
}

export async function changeRoleAction(userId: string, _previous: ActionResult | null, formData: FormData): Promise<ActionResult> {
  const portal = await requirePortalContext('ADMIN');
  try {
    const role = Role.parse(formData.get('role'));
    const user = await withPortalTransaction(portal, (tx, ctx) => updateUser(tx, ctx, z.uuid().parse(userId), { role }));
    revalidatePath('/admin/users');
    return { ok: true, message: `${user.firstName} ${user.lastName} is now ${roleLabels[user.role].toLowerCase()}.` };
  } catch (error) {
    return userActionError(error);
  }
}

export async function setActiveAction(userId: string, isActive: boolean, _previous: ActionResult | null): Promise<ActionResult> {
  const portal = await requirePortalContext('ADMIN');
  try {
    const user = await withPortalTransaction(portal, (tx, ctx) => updateUser(tx, ctx, z.uuid().parse(userId), { isActive }));
    revalidatePath('/admin/users');
    return { ok: true, message: `${user.firstName} ${user.lastName} is ${isActive ? 'reactivated' : 'deactivated'}.` };
  } catch (error) {
    return userActionError(error);
  }
}

export type InviteState = ActionResult & { values?: { email: string; role: string } };

export async function inviteAction(_previous: InviteState | null, formData: FormData): Promise<InviteState> {
  const portal = await requirePortalContext('ADMIN');
  const values = { email: String(formData.get('email') ?? '').trim(), role: String(formData.get('role') ?? 'EMPLOYEE') };
  try {
    const input = CreateInvitationBody.parse(values);
    const invitation = await withPortalTransaction(portal, (tx, ctx) => createInvitation(tx, ctx, input));
    revalidatePath('/admin/users');
    return { ok: true, message: `Invitation sent to ${invitation.email}.` };
  } catch (error) {
    return { ...portalActionError(error), values };
  }
}

export async function revokeInvitationAction(invitationId: string, _previous: ActionResult | null): Promise<ActionResult> {
  const portal = await requirePortalContext('ADMIN');
  try {
    await withPortalTransaction(portal, (tx, ctx) => revokeInvitation(tx, ctx, z.uuid().parse(invitationId)));
    revalidatePath('/admin/users');
    return { ok: true, message: 'Invitation revoked.' };
  } catch (error) {
    return portalActionError(error);
  }
}
