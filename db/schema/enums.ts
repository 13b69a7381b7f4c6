import { pgEnum } from 'drizzle-orm/pg-core';

export const planTierEnum = pgEnum('plan_tier', ['FREE', 'PRO_SMALL', 'PRO_STANDARD', 'PRO_PLUS', 'ENTERPRISE']);
export const userRoleEnum = pgEnum('user_role', ['EMPLOYEE', 'ASSET_MANAGER', 'ADMIN']);
export const assetStatusEnum = pgEnum('asset_status', ['AVAILABLE', 'LOANED', 'MAINTENANCE', 'RETIRED']);
export const auditActorTypeEnum = pgEnum('audit_actor_type', ['USER', 'SYSTEM']);
/** Club responsibilities beside the lending role (docs/privacy/roles-and-duties.md); each opens one kind of record. */
export const userDutyEnum = pgEnum('user_duty', ['MEDICAL', 'COACH', 'FINANCE', 'SAFEGUARDING']);
