import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { AuditLogQuery } from '@/lib/platform/audit/schemas';
import { ListUsersQuery, UserIdParams } from '@/lib/people/users/schemas';
import { registerTenantOperation } from './register-tenant-operation';
import type { ResourceSchemas } from './resource-schemas';

export function registerUserAndAuditPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/users',
    operationId: 'listUsers',
    summary: 'List users',
    description: 'Users of the organisation, oldest first, filtered by role, active state and name or e-mail.',
    tag: 'Users',
    role: 'ADMIN',
    query: ListUsersQuery,
    success: { status: 200, description: 'One page of users.', schema: schemas.userPage },
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/users/{id}',
    operationId: 'getUser',
    summary: 'Get a user',
    tag: 'Users',
    role: 'ADMIN',
    params: UserIdParams,
    success: { status: 200, description: 'The user.', schema: schemas.user },
    errors: ['USER_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/users/{id}',
    operationId: 'updateUser',
    summary: "Change a user's role, active state or duties",
    description:
      "Takes effect on the user's next request. Records USER_ROLE_CHANGED, USER_DUTIES_CHANGED, USER_DEACTIVATED or USER_REACTIVATED. `duties` replaces the whole set. The last active admin cannot be demoted or deactivated. Deactivating the person's last active account deactivates the person too (`deletedAt`, PERSON_DEACTIVATED; spec 001 anonymises them three years later); reactivating clears it (PERSON_REACTIVATED). An erased account cannot be reactivated (409 `USER_ERASED`).",
    tag: 'Users',
    role: 'ADMIN',
    params: UserIdParams,
    body: schemas.updateUserBody,
    success: { status: 200, description: 'The updated user.', schema: schemas.user },
    errors: ['USER_NOT_FOUND', 'LAST_ADMIN', 'USER_ERASED'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/audit-log',
    operationId: 'listAuditLog',
    summary: "List the organisation's audit log",
    description: 'Every recorded change in the organisation, newest first, filtered by actor, action, target and period. Entries are immutable.',
    tag: 'Audit log',
    role: 'ADMIN',
    query: AuditLogQuery,
    success: { status: 200, description: 'One page of audit entries.', schema: schemas.auditEntryPage },
  });
}
