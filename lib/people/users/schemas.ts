import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';
import { Duty } from '@/lib/platform/auth/duties';
import { Role } from '@/lib/platform/auth/roles';

export const UserIdParams = z.object({ id: z.uuid() });

export const ListUsersQuery = z.strictObject({
  role: Role.optional(),
  isActive: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
  q: z.string().trim().min(1).max(100).optional().describe('Matches first name, last name or e-mail.'),
  ...pageQuery,
});
export type ListUsersQuery = z.infer<typeof ListUsersQuery>;

export const UserDuties = z
  .array(Duty)
  .max(Duty.options.length)
  .refine((list) => new Set(list).size === list.length, { message: 'Name each duty once.' })
  .describe('The complete set of duties; it replaces the current one. [] removes every duty.');

export const UpdateUserBody = z
  .strictObject({
    role: Role,
    isActive: z.boolean(),
    duties: UserDuties,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Change the role, the active state, the duties or any of them.' });
export type UpdateUserBody = z.infer<typeof UpdateUserBody>;

export const User = z.object({
  id: z.uuid(),
  personId: z.uuid(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  role: Role,
  duties: z.array(Duty).describe('Club duties beside the role: MEDICAL, COACH, FINANCE, SAFEGUARDING.'),
  isActive: z.boolean(),
  lastSeenAt: z.iso.datetime().nullable().describe('The last sign-in to the portal; null before the first one.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type User = z.infer<typeof User>;
