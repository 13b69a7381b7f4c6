import { z } from 'zod';
import * as profile from '@/lib/people/profile/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Profile';

const OwnProfile = named('OwnProfile', profile.OwnProfile, {
  description: "The caller's own person record: identity fields, contact details, language, notification preferences and restriction.",
});
const ChangeRequest = named('ChangeRequest', profile.ChangeRequest, { description: 'A request to change identity fields, which the registry confirms (spec 002).' });
const UpdateOwnProfileBody = named('UpdateOwnProfileBody', profile.UpdateOwnProfileBody, { minProperties: 1 });
const RequestIdentityChangeBody = named('RequestIdentityChangeBody', profile.RequestIdentityChangeBody, { minProperties: 1 });

export const getOwnProfile = defineOperation({
  method: 'get',
  path: '/v1/profile',
  operationId: 'getOwnProfile',
  summary: 'Get your profile',
  tag,
  role: 'EMPLOYEE',
  description: "The caller's own profile, with the change requests still waiting for confirmation.",
  success: { status: 200, description: 'The profile.', schema: OwnProfile },
});

export const updateOwnProfile = defineOperation({
  method: 'patch',
  path: '/v1/profile',
  operationId: 'updateOwnProfile',
  summary: 'Change your profile',
  tag,
  role: 'EMPLOYEE',
  body: UpdateOwnProfileBody,
  description:
    'Application fields only; null clears preferredEmail or phone. Names, birth date and nationality are owned by the registry: sending them is 400 `VALIDATION_ERROR` (use POST /v1/profile/change-requests). `preferences.marketingOptOut: true` is the objection to marketing and stops it on every channel. `processingRestricted: true` restricts processing: no notifications (in-app or e-mail) are sent to you and background jobs skip you; activities are still recorded for audit. Records PROFILE_UPDATED (field names; values only for language and channels), MARKETING_OPT_OUT / MARKETING_OPT_IN and PROCESSING_RESTRICTED / PROCESSING_RESTRICTION_LIFTED.',
  success: { status: 200, description: 'The profile after the change.', schema: OwnProfile },
});

export const listOwnChangeRequests = defineOperation({
  method: 'get',
  path: '/v1/profile/change-requests',
  operationId: 'listOwnChangeRequests',
  summary: 'List your change requests',
  tag,
  role: 'EMPLOYEE',
  description: 'Every identity change request of the caller, oldest first, whatever its status.',
  success: { status: 200, description: 'The change requests.', schema: z.object({ data: z.array(ChangeRequest) }) },
});

export const requestIdentityChange = defineOperation({
  method: 'post',
  path: '/v1/profile/change-requests',
  operationId: 'requestIdentityChange',
  summary: 'Request an identity change',
  tag,
  role: 'EMPLOYEE',
  body: RequestIdentityChangeBody,
  description:
    'The profile is not changed: the request waits for confirmation. A person has at most one open request; asking again for a field replaces the value asked for, other fields already asked for stay. Asking only for the values the profile already has is 400 `VALIDATION_ERROR` (issue code `unchanged`). Records PERSON_CHANGE_REQUESTED with the field names.',
  success: { status: 200, description: 'The open change request, created or updated.', schema: ChangeRequest },
});
