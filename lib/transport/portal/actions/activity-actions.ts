'use server';

import { z } from 'zod';
import { addActivityComment } from '@/lib/records/activities/add-activity-comment';
import { createActivity } from '@/lib/records/activities/create-activity';
import { deleteActivityComment } from '@/lib/records/activities/delete-activity-comment';
import { getActivity } from '@/lib/records/activities/get-activity';
import { CreateActivityBody, CreateActivityCommentBody, UpdateActivityBody } from '@/lib/records/activities/schemas';
import { updateActivity } from '@/lib/records/activities/update-activity';
import { formAction, portalAction } from '../portal-action';
import { CorrectActivityForm, correctActivityFields, RecordActivityForm, recordActivityFields, RecordSquadForm, recordSquadFields } from './activity-form-data';

// Each person's page and the activity itself show what changed.
const personPages = (personId: string) => [{ path: `/people/${personId}`, type: 'layout' as const }];

/** One activity of one person: createActivity, the same rule and audit as POST /api/v1/activities. */
export const recordActivityAction = formAction(
  { input: RecordActivityForm, fields: recordActivityFields, revalidate: (input) => personPages(input.personId) },
  async ({ tx, ctx, input }) => {
    const activity = await createActivity(tx, ctx, CreateActivityBody.parse(input));
    return { message: 'The activity is recorded.', activityId: activity.id };
  },
);

/** A squad's training or match in one step: one activity per person on the register, in one transaction. */
export const recordSquadActivityAction = formAction(
  { input: RecordSquadForm, fields: recordSquadFields, revalidate: (entries) => entries.flatMap((entry) => personPages(entry.personId)) },
  async ({ tx, ctx, input }) => {
    for (const entry of input) await createActivity(tx, ctx, CreateActivityBody.parse(entry));
    const present = input.filter((entry) => entry.details.attendance === 'present').length;
    return { message: `Recorded for ${input.length} ${input.length === 1 ? 'person' : 'people'}, ${present} present.`, count: input.length };
  },
);

/** A correction of title, day, times or notes: updateActivity, audited as ACTIVITY_UPDATED like PATCH. */
export const correctActivityAction = formAction(
  { input: CorrectActivityForm, fields: correctActivityFields, revalidate: (input) => personPages(input.personId) },
  async ({ tx, ctx, input }) => {
    const before = await getActivity(tx, ctx, input.activityId);
    // The other details (attendance, focus, ratings) stay as recorded; only the notes are the form's.
    const details: Record<string, unknown> = { ...before.details };
    delete details.notes;
    if (input.notes) details.notes = input.notes;
    await updateActivity(tx, ctx, input.activityId, UpdateActivityBody.parse({ title: input.title, occurredAt: input.occurredAt, endedAt: input.endedAt, details }));
    return { message: 'The correction is saved.' };
  },
);

const CommentForm = z.object({ activityId: z.uuid(), personId: z.uuid(), body: CreateActivityCommentBody.shape.body });

export const addActivityCommentAction = formAction(
  {
    input: CommentForm,
    fields: (form) => ({ activityId: String(form.get('activityId') ?? ''), personId: String(form.get('personId') ?? ''), body: String(form.get('body') ?? '') }),
    revalidate: (input) => personPages(input.personId),
  },
  async ({ tx, ctx, input }) => {
    await addActivityComment(tx, ctx, input.activityId, { body: input.body });
    return { message: 'Your comment is posted.' };
  },
);

/** Deleting one's own comment, or moderating someone else's (a coach or an admin; audited by the lib). */
export const deleteActivityCommentAction = portalAction(
  { input: z.object({ activityId: z.uuid(), commentId: z.uuid(), personId: z.uuid() }), revalidate: (input) => personPages(input.personId) },
  async ({ tx, ctx, input }) => {
    await deleteActivityComment(tx, ctx, input.activityId, input.commentId);
    return { message: 'The comment is deleted.' };
  },
);
