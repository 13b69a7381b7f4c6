import { activities, activityComments } from '../schema';
import { demoId, squad } from './demo-people';
import type { RecordsContext } from './seed-demo-records';

type ActivityRow = typeof activities.$inferInsert;

const trainings = [
  { day: -13, focus: 'Pressing and transition', intensity: 'high' },
  { day: -10, focus: 'Set pieces', intensity: 'medium' },
  { day: -6, focus: 'Recovery and mobility', intensity: 'low' },
  { day: -2, focus: 'Match preparation', intensity: 'medium' },
];

const matches = [
  { key: 'initech', day: -11, opponent: 'FC Initech U19', competition: 'Regionalliga U19', venue: 'home', score: '2:1', lineup: ['lena', 'mateo', 'kacper', 'amara', 'jonas'] },
  { key: 'umbrella', day: -4, opponent: 'SV Umbrella U19', competition: 'Berlin Cup', venue: 'away', score: '1:1', lineup: ['lena', 'noor', 'kacper', 'amara', 'jonas'] },
];

const positions: Record<string, string> = { lena: 'forward', mateo: 'midfielder', noor: 'defender', kacper: 'defender', amara: 'midfielder', jonas: 'goalkeeper' };
const ratings = [7, 6, 8, 7, 6, 8, 7, 5, 7, 8];

const mentoringSessions = [
  { day: -63, topic: 'Planning a training week', nextSteps: 'Draft the micro-cycle for the U15 squad.' },
  { day: -35, topic: 'Giving feedback to young players', nextSteps: 'Try the two-plus-one feedback rule in three sessions.' },
  { day: -7, topic: 'Reviewing a recorded session', nextSteps: 'Pick one clip per week for the next review.' },
];

const educationEvents = [
  { key: 'concussion', day: -20, title: 'Concussion awareness workshop', provider: 'Landessportbund Berlin', hours: 3, attendees: ['felix', 'coach', 'physio'] },
  { key: 'clean-sport', day: -30, title: 'Clean sport basics', provider: 'NADA Germany', hours: 2, attendees: [...squad] },
];

const fanInteractions = [
  { key: 'dieter-season-ticket', fan: 'dieter', day: -25, title: 'Season ticket renewal', channel: 'ticket_office' },
  { key: 'chloe-stadium-tour', fan: 'chloe', day: -16, title: 'Stadium tour with the family', channel: 'event' },
  { key: 'chloe-newsletter', fan: 'chloe', day: -8, title: 'Reply to the club newsletter', channel: 'email' },
  { key: 'yusuf-survey', fan: 'yusuf', day: -4, title: 'Matchday fan survey', channel: 'survey' },
];

/** A squad's fortnight: trainings, two matches with evaluations, a mentoring cycle, courses and fan contacts. */
export async function seedClubActivities(c: RecordsContext): Promise<void> {
  const { tx, organisationId, clock, person, staff } = c;
  const coach = staff('coach').userId;
  const rows: ActivityRow[] = [];
  const add = (key: string, row: Omit<ActivityRow, 'id' | 'organisationId'>) => {
    const id = demoId(organisationId, `activity:${key}`);
    const recordedAt = row.endedAt ?? row.occurredAt;
    rows.push({ id, organisationId, createdAt: recordedAt, updatedAt: recordedAt, ...row });
    return id;
  };

  trainings.forEach((t, session) =>
    squad.forEach((athlete, index) => {
      // Now and then a player is excused, so attendance reads like a real register.
      const attendance = (session + index) % 7 === 3 ? 'excused' : 'present';
      add(`training:${session}:${athlete}`, {
        type: 'training',
        personId: person(athlete),
        title: `U19 training: ${t.focus}`,
        occurredAt: clock(t.day, 17),
        endedAt: clock(t.day, 18, 30),
        details: { squad: 'U19', focus: t.focus, intensity: t.intensity, attendance, durationMinutes: 90 },
        recordedByUserId: coach,
      });
    }),
  );

  let rating = 0;
  for (const match of matches) {
    for (const athlete of match.lineup) {
      const injured = match.key === 'umbrella' && athlete === 'kacper';
      const title = `${match.competition}: ${match.venue === 'home' ? `Globex U19 vs ${match.opponent}` : `${match.opponent} vs Globex U19`}`;
      const participation = add(`match:${match.key}:${athlete}`, {
        type: 'match_participation',
        personId: person(athlete),
        title,
        occurredAt: clock(match.day, 15),
        endedAt: clock(match.day, 16, 50),
        details: { opponent: match.opponent, competition: match.competition, venue: match.venue, score: match.score, position: positions[athlete], minutesPlayed: injured ? 52 : 90 },
        recordedByUserId: coach,
      });
      add(`evaluation:${match.key}:${athlete}`, {
        type: 'match_evaluation',
        personId: person(athlete),
        parentActivityId: participation,
        title: `Evaluation: ${title}`,
        occurredAt: clock(match.day + 1, 11),
        details: { rating: ratings[rating++ % ratings.length], scale: 10, strengths: 'Work rate and positioning', improvements: injured ? 'Return to play plan first' : 'Decision making in the final third' },
        recordedByUserId: coach,
      });
    }
  }

  const cycle = add('mentoring:felix', {
    type: 'mentoring_cycle',
    personId: person('felix'),
    title: 'Coach mentoring programme 2026: Felix Braun',
    occurredAt: clock(-70, 9),
    details: { mentorRole: 'head coach', goals: ['Plan a full training week', 'Lead video reviews'], finalEvaluation: null },
    recordedByUserId: coach,
  });
  mentoringSessions.forEach((s, index) =>
    add(`mentoring:felix:${index + 1}`, {
      type: 'mentoring_session',
      personId: person('felix'),
      parentActivityId: cycle,
      title: `Mentoring session ${index + 1}: ${s.topic}`,
      occurredAt: clock(s.day, 16),
      endedAt: clock(s.day, 17),
      details: { topic: s.topic, nextSteps: s.nextSteps },
      recordedByUserId: coach,
    }),
  );

  for (const e of educationEvents) {
    for (const who of e.attendees) {
      add(`education:${e.key}:${who}`, {
        type: 'education_event',
        personId: person(who),
        title: e.title,
        occurredAt: clock(e.day, 10),
        endedAt: clock(e.day, 10 + e.hours),
        details: { provider: e.provider, hours: e.hours, certificate: true },
        recordedByUserId: staff('secretary').userId,
      });
    }
  }

  for (const f of fanInteractions) {
    add(`fan:${f.key}`, { type: 'fan_interaction', personId: person(f.fan), title: f.title, occurredAt: clock(f.day, 12), details: { channel: f.channel }, recordedByUserId: staff('secretary').userId });
  }
  await tx.insert(activities).values(rows).onConflictDoNothing();

  const comment = (key: string, activityKey: string, authorKey: string | null, body: string, at: Date) => ({
    id: demoId(organisationId, `comment:${key}`),
    organisationId,
    activityId: demoId(organisationId, `activity:${activityKey}`),
    authorPersonId: authorKey ? person(authorKey) : null,
    // A comment whose author was erased keeps its place in the thread and nothing else (spec 001).
    authorAnonymized: authorKey === null,
    body: authorKey ? body : '[deleted]',
    createdAt: at,
  });
  await tx
    .insert(activityComments)
    .values([
      comment('lena-finishing', 'training:3:lena', 'coach', 'Sharp finishing today. Keep that first touch as clean on Saturday.', clock(-2, 19)),
      comment('kacper-thanks', 'evaluation:umbrella:kacper', 'kacper', 'Thanks coach. The ankle feels better; the physio says two weeks.', clock(-3, 13, 30)),
      comment('kacper-reply', 'evaluation:umbrella:kacper', 'coach', 'Take the two weeks. Your place in the team is safe.', clock(-3, 14, 5)),
      comment('felix-templates', 'mentoring:felix:2', 'felix', 'The session-planning templates we talked about are in the shared folder.', clock(-34, 8)),
      comment('erased-author', 'training:0:mateo', null, '', clock(-12, 20)),
    ])
    .onConflictDoNothing();
}
