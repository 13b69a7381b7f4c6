import { z } from 'zod';
import { Duty } from '@/lib/platform/auth/duties';
import { Role } from '@/lib/platform/auth/roles';

export const devAccountSchema = z.object({
  accountId: z.string().min(1).max(255),
  organisationId: z.uuid(),
  role: Role,
  email: z.string().min(3).max(320),
  givenName: z.string().min(1).max(200),
  familyName: z.string().min(1).max(200),
  /** Shown on the account picker only ("Employee · treasurer"); the portal keeps duties of its own. */
  duties: z.array(Duty).optional(),
});

export type DevAccount = z.infer<typeof devAccountSchema>;

export type ServiceAccount = Pick<DevAccount, 'organisationId' | 'role'> & { userId: string };

export function toTokenClaims(account: DevAccount): Record<string, string> {
  return {
    organisationId: account.organisationId,
    userId: account.accountId,
    role: account.role,
    email: account.email,
    given_name: account.givenName,
    family_name: account.familyName,
  };
}
