import type { Activity } from '@/lib/records/activities/schemas';

export type ActivityType = Activity['type'];

export const activityTypeLabels: Record<ActivityType, string> = {
  training: 'Training',
  match_participation: 'Match',
  match_evaluation: 'Match evaluation',
  mentoring_session: 'Mentoring session',
  mentoring_cycle: 'Mentoring cycle',
  education_event: 'Course or workshop',
  fan_interaction: 'Fan contact',
};

/** Every type in the order the forms offer them; from the labels, so client code need not load the database enum. */
export const activityTypesInOrder = Object.keys(activityTypeLabels) as ActivityType[];

export const attendanceLabels: Record<string, string> = { present: 'Present', excused: 'Excused', absent: 'Absent' };
export const attendanceValues = Object.keys(attendanceLabels);

// The facts the club records in an activity's details, as people name them; any other is spelled out from its key.
const detailLabels: Record<string, string> = {
  squad: 'Squad',
  focus: 'Focus',
  intensity: 'Intensity',
  attendance: 'Attendance',
  durationMinutes: 'Duration',
  opponent: 'Opponent',
  competition: 'Competition',
  venue: 'Venue',
  score: 'Score',
  position: 'Position',
  minutesPlayed: 'Minutes played',
  rating: 'Rating',
  scale: 'Out of',
  strengths: 'Strengths',
  improvements: 'To improve',
  topic: 'Topic',
  nextSteps: 'Next steps',
  provider: 'Provider',
  hours: 'Hours',
  certificate: 'Certificate',
  channel: 'Channel',
  mentorRole: 'Mentor',
  goals: 'Goals',
  finalEvaluation: 'Final evaluation',
  notes: 'Notes',
};

function spellKey(key: string): string {
  const words = key.replace(/[_-]+/g, ' ').replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function spellValue(key: string, value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (key === 'durationMinutes' && typeof value === 'number') return `${value} minutes`;
  if (key === 'attendance' && typeof value === 'string') return attendanceLabels[value] ?? spellKey(value);
  if (Array.isArray(value)) return value.map((item) => spellValue(key, item)).filter(Boolean).join('; ') || null;
  if (typeof value === 'object') return null;
  const text = String(value);
  // Stored codes such as ticket_office read as words.
  return /^[a-z]+(_[a-z]+)+$/.test(text) ? spellKey(text).toLowerCase() : text;
}

/** An activity's details as label and text, in the order they were recorded; a rating reads "7 out of 10". */
export function describeDetails(details: Record<string, unknown>): { label: string; text: string }[] {
  const facts: { label: string; text: string }[] = [];
  for (const [key, value] of Object.entries(details)) {
    if (key === 'scale') continue;
    const text = key === 'rating' && typeof details.scale === 'number' ? `${String(value)} out of ${details.scale}` : spellValue(key, value);
    if (text) facts.push({ label: detailLabels[key] ?? spellKey(key), text });
  }
  return facts;
}
