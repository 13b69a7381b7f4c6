import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';
import { Role } from '@/lib/platform/auth/roles';

export const InvitationIdParams = z.object({ id: z.uuid() });

export const CreateInvitationBody = z.strictObject({
  email: z
    .email('Enter a valid e-mail address.')
    .max(320)
    .describe('The address the invitee signs in with; matched without regard to case.'),
  role: Role.default('EMPLOYEE').describe('The role the invitee gets on the first sign-in.'),
});
export type CreateInvitationBody = z.infer<typeof CreateInvitationBody>;

export const ListInvitationsQuery = z.strictObject({ ...pageQuery });
export type ListInvitationsQuery = z.infer<typeof ListInvitationsQuery>;

export const Invitation = z.object({
  id: z.uuid(),
  email: z.string(),
  role: Role,
  invitedBy: z.object({ userId: z.uuid(), name: z.string() }),
  createdAt: z.iso.datetime(),
});
export type Invitation = z.infer<typeof Invitation>;
