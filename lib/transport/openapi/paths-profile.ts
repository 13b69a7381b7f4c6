import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ChangeRequest, OwnProfile, RequestIdentityChangeBody, UpdateOwnProfileBody } from '@/lib/people/profile/schemas';
import { nameSchema } from './name-schema';
import { registerTenantOperation } from './register-tenant-operation';

export function registerProfilePaths(registry: OpenAPIRegistry): void {
  const profile = registry.register('OwnProfile', nameSchema('OwnProfile', OwnProfile, { description: "The caller's own person record: identity fields, contact details, language, notification preferences and restriction." }));
  const changeRequest = registry.register('ChangeRequest', nameSchema('ChangeRequest', ChangeRequest, { description: 'A request to change identity fields, which the registry confirms (spec 002).' }));
  const updateBody = registry.register('UpdateOwnProfileBody', nameSchema('UpdateOwnProfileBody', UpdateOwnProfileBody, { minProperties: 1 }));
  const changeBody = registry.register('RequestIdentityChangeBody', nameSchema('RequestIdentityChangeBody', RequestIdentityChangeBody, { minProperties: 1 }));
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/profile', operationId: 'getOwnProfile', summary: 'Get your profile', tag: 'Profile', role: 'EMPLOYEE',
    description: "The caller's own profile, with the change requests still waiting for confirmation.",
    success: { status: 200, description: 'The profile.', schema: profile },
  });
  registerTenantOperation(registry, {
    method: 'patch', path: '/v1/profile', operationId: 'updateOwnProfile', summary: 'Change your profile', tag: 'Profile', role: 'EMPLOYEE', body: updateBody,
    description:
      'Application fields only; null clears preferredEmail or phone. Names, birth date and nationality are owned by the registry: sending them is 400 `VALIDATION_ERROR` (use POST /v1/profile/change-requests). `preferences.marketingOptOut: true` is the objection to marketing and stops it on every channel. `processingRestricted: true` restricts processing: no notifications (in-app or e-mail) are sent to you and background jobs skip you; activities are still recorded for audit. Records PROFILE_UPDATED (field names; values only for language and channels), MARKETING_OPT_OUT / MARKETING_OPT_IN and PROCESSING_RESTRICTED / PROCESSING_RESTRICTION_LIFTED.',
    success: { status: 200, description: 'The profile after the change.', schema: profile },
  });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/profile/change-requests', operationId: 'listOwnChangeRequests', summary: 'List your change requests', tag: 'Profile', role: 'EMPLOYEE',
    description: 'Every identity change request of the caller, oldest first, whatever its status.',
    success: { status: 200, description: 'The change requests.', schema: z.object({ data: z.array(changeRequest) }) },
  });
  registerTenantOperation(registry, {
    method: 'post', path: '/v1/profile/change-requests', operationId: 'requestIdentityChange', summary: 'Request an identity change', tag: 'Profile', role: 'EMPLOYEE', body: changeBody,
    description:
      'The profile is not changed: the request waits for confirmation. A person has at most one open request; asking again for a field replaces the value asked for, other fields already asked for stay. Asking only for the values the profile already has is 400 `VALIDATION_ERROR` (issue code `unchanged`). Records PERSON_CHANGE_REQUESTED with the field names.',
    success: { status: 200, description: 'The open change request, created or updated.', schema: changeRequest },
  });
}
