import { z } from 'zod';
import { ActivityType } from '@/lib/records/activities/schemas';
import { localDateTimeToInstant } from '@/lib/platform/validation/local-date-time';

const text = (form: FormData, name: string) => String(form.get(name) ?? '').trim();

export const Attendance = z.enum(['present', 'excused', 'absent'], { message: 'Choose present, excused or absent.' });

/** The day and times of an activity as typed in the reader's zone (the browser sends its name as timeZone). */
const when = {
  date: z.string().min(1, 'Pick the day.'),
  startTime: z.string().min(1, 'Give the start time.'),
  endTime: z.string(),
  timeZone: z.string().max(64),
};

type When = { date: string; startTime: string; endTime: string; timeZone: string };

/** occurredAt and endedAt from the typed day and times; the problems land at the fields the person typed. */
function toInstants(value: When, issues: z.RefinementCtx): { occurredAt: string; endedAt: string | null } {
  const occurredAt = localDateTimeToInstant(value.date, value.startTime, value.timeZone);
  if (!occurredAt) issues.addIssue({ code: 'custom', path: ['startTime'], message: 'Give the day and start time, such as 17:00.' });
  const endedAt = value.endTime ? localDateTimeToInstant(value.date, value.endTime, value.timeZone) : null;
  if (value.endTime && !endedAt) issues.addIssue({ code: 'custom', path: ['endTime'], message: 'Give the end time, such as 18:30, or leave it empty.' });
  if (occurredAt && endedAt && endedAt < occurredAt) issues.addIssue({ code: 'custom', path: ['endTime'], message: 'The end must be after the start, on the same day.' });
  return { occurredAt: occurredAt ?? '', endedAt };
}

const title = z.string().min(1, 'Give the activity a title.').max(200, 'Keep the title under 200 characters.');
const notes = z.string().max(4000, 'Keep the notes under 4,000 characters.');

const withoutEmpty = (details: Record<string, string>) => Object.fromEntries(Object.entries(details).filter(([, value]) => value !== ''));

/** One activity of one person, as the person page's form sends it. */
export const RecordActivityForm = z
  .object({ personId: z.uuid(), type: ActivityType, title, ...when, attendance: z.union([z.literal(''), Attendance]), notes })
  .transform((value, issues) => ({
    personId: value.personId,
    type: value.type,
    title: value.title,
    ...toInstants(value, issues),
    details: withoutEmpty({ attendance: value.attendance, notes: value.notes }),
  }));

export function recordActivityFields(form: FormData) {
  return {
    personId: text(form, 'personId'),
    type: text(form, 'type'),
    title: text(form, 'title'),
    date: text(form, 'date'),
    startTime: text(form, 'startTime'),
    endTime: text(form, 'endTime'),
    timeZone: text(form, 'timeZone'),
    attendance: text(form, 'attendance'),
    notes: text(form, 'notes'),
  };
}

const ATTENDANCE_PREFIX = 'attendance:';

/** A training or a match of a squad: one activity per person on the register, with their attendance. */
export const RecordSquadForm = z
  .object({
    type: z.enum(['training', 'match_participation'], { message: 'Choose a training or a match.' }),
    title,
    ...when,
    squad: z.string().max(100, 'Keep the squad under 100 characters.'),
    focus: z.string().max(200, 'Keep this under 200 characters.'),
    register: z.array(z.object({ personId: z.uuid(), attendance: Attendance })),
  })
  .transform((value, issues) => {
    const instants = toInstants(value, issues);
    // Checked here with the times, so an empty register and a wrong time are both named at once.
    if (value.register.length === 0) issues.addIssue({ code: 'custom', path: ['register'], message: 'Mark at least one person as present, excused or absent.' });
    if (value.register.length > 100) issues.addIssue({ code: 'custom', path: ['register'], message: 'Record at most 100 people at once.' });
    const shared: Record<string, string> = value.type === 'training' ? { squad: value.squad, focus: value.focus } : { squad: value.squad, opponent: value.focus };
    return value.register.map((entry) => ({
      personId: entry.personId,
      type: value.type,
      title: value.title,
      ...instants,
      details: withoutEmpty({ ...shared, attendance: entry.attendance }),
    }));
  });

export function recordSquadFields(form: FormData) {
  const register: { personId: string; attendance: string }[] = [];
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string' && name.startsWith(ATTENDANCE_PREFIX) && value !== '') register.push({ personId: name.slice(ATTENDANCE_PREFIX.length), attendance: value });
  }
  return {
    type: text(form, 'type'),
    title: text(form, 'title'),
    date: text(form, 'date'),
    startTime: text(form, 'startTime'),
    endTime: text(form, 'endTime'),
    timeZone: text(form, 'timeZone'),
    squad: text(form, 'squad'),
    focus: text(form, 'focus'),
    register,
  };
}

/** The correction of an activity: title, day, times and notes (the other details stay as recorded). */
export const CorrectActivityForm = z
  .object({ activityId: z.uuid(), personId: z.uuid(), title, ...when, notes })
  .transform((value, issues) => ({ activityId: value.activityId, personId: value.personId, title: value.title, notes: value.notes, ...toInstants(value, issues) }));

export function correctActivityFields(form: FormData) {
  return {
    activityId: text(form, 'activityId'),
    personId: text(form, 'personId'),
    title: text(form, 'title'),
    date: text(form, 'date'),
    startTime: text(form, 'startTime'),
    endTime: text(form, 'endTime'),
    timeZone: text(form, 'timeZone'),
    notes: text(form, 'notes'),
  };
}
