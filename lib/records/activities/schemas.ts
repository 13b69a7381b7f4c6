import { z } from 'zod';
import { activityTypeEnum } from '@/db/schema/activities';
import { pageQuery } from '@/lib/platform/pagination';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const ActivityIdParams = z.object({ id: z.uuid({ message: 'Use the id of an activity.' }) });
export const ActivityCommentIdParams = z.object({
  id: z.uuid({ message: 'Use the id of an activity.' }),
  commentId: z.uuid({ message: 'Use the id of a comment.' }),
});

export const ActivityType = z.enum(activityTypeEnum.enumValues, {
  message: `Choose one of ${activityTypeEnum.enumValues.join(', ')}.`,
});

const title = z.string({ message: 'Give the activity a title.' }).trim().min(1, 'Give the activity a title.').max(200, 'Keep the title under 200 characters.');
const details = z
  .record(z.string(), z.unknown(), { message: 'Details must be an object of named values.' })
  .refine((value) => JSON.stringify(value).length <= 20000, { message: 'Keep the details under 20,000 characters.' })
  .describe('Free-form facts about the activity, for example { "focus": "Set pieces" }.');
const endsAfterStart = (body: { occurredAt?: string; endedAt?: string | null }) =>
  !body.occurredAt || !body.endedAt || new Date(body.endedAt) >= new Date(body.occurredAt);
const endsAfterStartIssue = { message: 'The activity cannot end before it started.', path: ['endedAt'] };

export const CreateActivityBody = z
  .strictObject({
    personId: z.uuid({ message: 'Use the id of a person of the organisation.' }),
    type: ActivityType,
    title,
    occurredAt: calendarInstant('the start'),
    endedAt: calendarInstant('the end').nullable().default(null),
    details: details.default({}),
    parentActivityId: z
      .uuid({ message: 'Use the id of an activity.' })
      .nullable()
      .default(null)
      .describe('The cycle a mentoring session belongs to, or the participation a match evaluation judges.'),
  })
  .refine(endsAfterStart, endsAfterStartIssue);
export type CreateActivityBody = z.infer<typeof CreateActivityBody>;

export const UpdateActivityBody = z
  .strictObject({ title, occurredAt: calendarInstant('the start'), endedAt: calendarInstant('the end').nullable(), details })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' })
  .refine(endsAfterStart, endsAfterStartIssue);
export type UpdateActivityBody = z.infer<typeof UpdateActivityBody>;

export const ListActivitiesQuery = z
  .strictObject({
    personId: z
      .union([z.literal('me'), z.uuid()], { message: 'Use the id of a person, or me.' })
      .optional()
      .describe("Only this person's activities; `me` is the caller. Without the ADMIN role or the COACH duty only the caller's own may be listed."),
    type: ActivityType.optional(),
    from: calendarInstant('from').optional().describe('Only activities that started at or after this moment.'),
    to: calendarInstant('to').optional().describe('Only activities that started before this moment.'),
    ...pageQuery,
  })
  .refine((q) => !q.from || !q.to || new Date(q.from) < new Date(q.to), { message: 'from must be before to.', path: ['to'] });
export type ListActivitiesQuery = z.infer<typeof ListActivitiesQuery>;

export const Activity = z.object({
  id: z.uuid(),
  type: ActivityType,
  personId: z.uuid().nullable().describe('Null once the person was erased; subjectPseudonym names the subject then.'),
  subjectPseudonym: z.string().nullable(),
  parentActivityId: z.uuid().nullable(),
  title: z.string(),
  occurredAt: z.iso.datetime(),
  endedAt: z.iso.datetime().nullable(),
  details: z.record(z.string(), z.unknown()),
  recordedByUserId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Activity = z.infer<typeof Activity>;

export const CreateActivityCommentBody = z.strictObject({
  body: z.string({ message: 'Write a comment.' }).trim().min(1, 'Write a comment.').max(4000, 'Keep the comment under 4,000 characters.'),
});
export type CreateActivityCommentBody = z.infer<typeof CreateActivityCommentBody>;

export const ListActivityCommentsQuery = z.strictObject({ ...pageQuery });
export type ListActivityCommentsQuery = z.infer<typeof ListActivityCommentsQuery>;

export const ANONYMIZED_AUTHOR = 'ANONYMIZED USER';

export const ActivityComment = z.object({
  id: z.uuid(),
  activityId: z.uuid(),
  authorPersonId: z.uuid().nullable().describe('Null once the author was anonymised.'),
  authorName: z.string().describe(`The author's name; \`${ANONYMIZED_AUTHOR}\` once the author was anonymised (spec 001).`),
  authorAnonymized: z.boolean(),
  body: z.string(),
  createdAt: z.iso.datetime(),
});
export type ActivityComment = z.infer<typeof ActivityComment>;
