import type { Role } from '@/lib/platform/auth/roles';

export const roleLabels: Record<Role, string> = { EMPLOYEE: 'Employee', ASSET_MANAGER: 'Asset manager', ADMIN: 'Admin' };
