import { getActivity as readBack } from '@/lib/records/activities/get-activity';
import { ActivityCommentIdParams, ActivityIdParams, ListActivitiesQuery, ListActivityCommentsQuery } from '@/lib/records/activities/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

const tag = 'Activities';
const coachOrAdmin = 'Needs the ADMIN role or the COACH duty; anyone else gets 403.';
const readers = "For the ADMIN role, the COACH duty or the activity's subject; anyone else gets 404, as for a missing activity.";

export const listActivities = defineOperation({
  method: 'get',
  path: '/v1/activities',
  operationId: 'listActivities',
  summary: 'List activities',
  description: `Newest first. ${coachOrAdmin} Without them, \`personId=me\` lists the caller's own activities.`,
  tag,
  role: 'EMPLOYEE',
  query: ListActivitiesQuery,
  success: { status: 200, description: 'One page of activities.', schema: schemas.activityPage },
});

export const createActivity = defineOperation({
  method: 'post',
  path: '/v1/activities',
  operationId: 'createActivity',
  summary: 'Record an activity',
  description: `${coachOrAdmin} Records ACTIVITY_RECORDED; the details appear there only as their field names.`,
  tag,
  role: 'EMPLOYEE',
  body: schemas.createActivityBody,
  success: { status: 201, description: 'The recorded activity; Location points to it.', schema: schemas.activity },
  errors: ['PERSON_NOT_FOUND', 'ACTIVITY_NOT_FOUND'],
  readBack,
});

export const getActivity = defineOperation({
  method: 'get',
  path: '/v1/activities/{id}',
  operationId: 'getActivity',
  summary: 'Get an activity',
  description: readers,
  tag,
  role: 'EMPLOYEE',
  params: ActivityIdParams,
  success: { status: 200, description: 'The activity.', schema: schemas.activity },
  errors: ['ACTIVITY_NOT_FOUND'],
});

export const updateActivity = defineOperation({
  method: 'patch',
  path: '/v1/activities/{id}',
  operationId: 'updateActivity',
  summary: 'Change an activity',
  description: `${coachOrAdmin} Records ACTIVITY_UPDATED; changed details appear only as \`{ changed: true }\`.`,
  tag,
  role: 'EMPLOYEE',
  params: ActivityIdParams,
  body: schemas.updateActivityBody,
  success: { status: 200, description: 'The updated activity.', schema: schemas.activity },
  errors: ['ACTIVITY_NOT_FOUND'],
});

export const listActivityComments = defineOperation({
  method: 'get',
  path: '/v1/activities/{id}/comments',
  operationId: 'listActivityComments',
  summary: "List an activity's comments",
  description: `Oldest first. ${readers} An anonymised author is shown as \`ANONYMIZED USER\`, without an id.`,
  tag,
  role: 'EMPLOYEE',
  params: ActivityIdParams,
  query: ListActivityCommentsQuery,
  success: { status: 200, description: 'One page of comments.', schema: schemas.activityCommentPage },
  errors: ['ACTIVITY_NOT_FOUND'],
});

export const addActivityComment = defineOperation({
  method: 'post',
  path: '/v1/activities/{id}/comments',
  operationId: 'addActivityComment',
  summary: 'Comment on an activity',
  description: `${readers} The author is the caller's own person.`,
  tag,
  role: 'EMPLOYEE',
  params: ActivityIdParams,
  body: schemas.createActivityCommentBody,
  success: { status: 201, description: 'The comment; Location points to it.', schema: schemas.activityComment },
  errors: ['ACTIVITY_NOT_FOUND'],
});

export const deleteActivityComment = defineOperation({
  method: 'delete',
  path: '/v1/activities/{id}/comments/{commentId}',
  operationId: 'deleteActivityComment',
  summary: 'Delete a comment',
  description:
    "The author deletes their own comment. Deleting someone else's is moderation: it needs the ADMIN role or the COACH duty (anyone else gets 403) and records COMMENT_MODERATED with the activity and the author, never the body.",
  tag,
  role: 'EMPLOYEE',
  params: ActivityCommentIdParams,
  success: { status: 204, description: 'Deleted; no body.' },
  errors: ['ACTIVITY_NOT_FOUND', 'ACTIVITY_COMMENT_NOT_FOUND'],
});
