import { ListUsersQuery, UserIdParams } from '@/lib/people/users/schemas';
import { resourceSchemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

const tag = 'Users';

export const listUsers = defineOperation({
  method: 'get',
  path: '/v1/users',
  operationId: 'listUsers',
  summary: 'List users',
  description: 'Users of the organisation, oldest first, filtered by role, active state and name or e-mail.',
  tag,
  role: 'ADMIN',
  query: ListUsersQuery,
  success: { status: 200, description: 'One page of users.', schema: resourceSchemas.userPage },
});

export const getUser = defineOperation({
  method: 'get',
  path: '/v1/users/{id}',
  operationId: 'getUser',
  summary: 'Get a user',
  tag,
  role: 'ADMIN',
  params: UserIdParams,
  success: { status: 200, description: 'The user.', schema: resourceSchemas.user },
  errors: ['USER_NOT_FOUND'],
});

export const updateUser = defineOperation({
  method: 'patch',
  path: '/v1/users/{id}',
  operationId: 'updateUser',
  summary: "Change a user's role, active state or duties",
  description:
    "Takes effect on the user's next request. Records USER_ROLE_CHANGED, USER_DUTIES_CHANGED, USER_DEACTIVATED or USER_REACTIVATED. `duties` replaces the whole set. The last active admin cannot be demoted or deactivated. Deactivating the person's last active account deactivates the person too (`deletedAt`, PERSON_DEACTIVATED; spec 001 anonymises them three years later); reactivating clears it (PERSON_REACTIVATED). An erased account cannot be reactivated (409 `USER_ERASED`).",
  tag,
  role: 'ADMIN',
  params: UserIdParams,
  body: resourceSchemas.updateUserBody,
  success: { status: 200, description: 'The updated user.', schema: resourceSchemas.user },
  errors: ['USER_NOT_FOUND', 'LAST_ADMIN', 'USER_ERASED'],
});
