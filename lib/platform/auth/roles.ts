import { z } from 'zod';

export const roles = ['EMPLOYEE', 'ASSET_MANAGER', 'ADMIN'] as const;
export const Role = z.enum(roles);
export type Role = z.infer<typeof Role>;

const rank: Record<Role, number> = { EMPLOYEE: 0, ASSET_MANAGER: 1, ADMIN: 2 };

/** The spec's "named role or a higher one". */
export function hasRole(actual: Role, required: Role): boolean {
  return rank[actual] >= rank[required];
}
