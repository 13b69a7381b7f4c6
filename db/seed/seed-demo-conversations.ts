import { conversationParticipants, conversations, messages } from '../schema';
import { demoId, squad } from './demo-people';
import type { RecordsContext } from './seed-demo-records';

type Kind = 'general' | 'mentoring' | 'health';
/** Each line: day offset, hour, minute, author key (null: an erased author), body. */
type Line = [number, number, number, string | null, string];
type DemoConversation = { key: string; kind: Kind; title: string; createdDay: number; retentionDays?: number; extendedDays?: number; participants: string[]; lines: Line[] };

const clubConversations: DemoConversation[] = [
  {
    key: 'u19-squad',
    kind: 'general',
    title: 'U19 squad',
    createdDay: -14,
    participants: ['coach', 'felix', ...squad],
    lines: [
      [-11, 8, 5, 'coach', 'Kick-off against Initech is at 15:00, meet at 13:45 in the home dressing room.'],
      [-11, 8, 20, 'lena', 'Will the bus to the cup game leave from the club house as usual?'],
      [-11, 8, 32, 'coach', 'Yes, 11:30 on the day. Bring your own water bottle.'],
      [-7, 19, 10, null, '[deleted]'],
      [-3, 18, 2, 'felix', 'Recovery session tomorrow is moved to pitch 2.'],
      [-2, 20, 45, 'mateo', 'Thanks for the session today, coach!'],
    ],
  },
  {
    key: 'mentoring-felix',
    kind: 'mentoring',
    title: 'Mentoring: Felix Braun',
    createdDay: -70,
    retentionDays: 1825,
    participants: ['coach', 'felix'],
    lines: [
      [-64, 17, 0, 'coach', 'Looking forward to tomorrow. Bring a draft of your weekly plan.'],
      [-36, 12, 15, 'felix', 'I tried the feedback rule with the U15s. It worked better with the younger ones.'],
      [-8, 21, 5, 'felix', 'I uploaded the clip from Tuesday for our review.'],
      [-7, 17, 20, 'coach', 'Good review today. Same time in four weeks.'],
    ],
  },
  {
    key: 'return-to-play-kacper',
    kind: 'health',
    title: 'Return to play: Kacper Wiśniewski',
    createdDay: -4,
    retentionDays: 180,
    extendedDays: 90,
    participants: ['physio', 'kacper', 'coach'],
    lines: [
      [-4, 18, 30, 'physio', 'Ice and elevate tonight; come to the treatment room tomorrow at 9.'],
      [-3, 11, 0, 'kacper', 'Swelling is down a little. Walking is fine, running is not yet.'],
      [-1, 16, 40, 'physio', 'Light running on Thursday if the ankle stays calm; no contact for ten days.'],
    ],
  },
];

const companyConversations: DemoConversation[] = [
  {
    key: 'equipment-desk',
    kind: 'general',
    title: 'Equipment desk',
    createdDay: -20,
    participants: ['manager', 'emma', 'eli'],
    lines: [
      [-19, 9, 10, 'emma', 'Is the Berlin office projector back from repair?'],
      [-19, 9, 42, 'manager', 'Yes, it is on the shelf in the warehouse. Book it as usual.'],
      [-5, 14, 3, 'eli', 'The label on the Transit van is scratched; could you print a new one?'],
    ],
  },
  {
    key: 'onboarding-eli',
    kind: 'mentoring',
    title: 'Onboarding: Eli Novak',
    createdDay: -40,
    participants: ['manager', 'eli'],
    lines: [
      [-40, 10, 0, 'manager', 'Welcome aboard! Let us meet every second Friday during your first quarter.'],
      [-26, 15, 30, 'eli', 'Thanks for walking me through the loan policy, it makes sense now.'],
      [-12, 11, 15, 'manager', 'You are ready to run the equipment desk on your own next week.'],
    ],
  },
];

/** Conversations with participants and messages; the health thread shows an admin's retention extension. */
export async function seedDemoConversations(c: RecordsContext, records: 'club' | 'company'): Promise<void> {
  const { tx, organisationId, clock, person } = c;
  const plan = records === 'club' ? clubConversations : companyConversations;
  const id = (key: string) => demoId(organisationId, key);
  await tx
    .insert(conversations)
    .values(
      plan.map((conversation) => ({
        id: id(`conversation:${conversation.key}`),
        organisationId,
        kind: conversation.kind,
        title: conversation.title,
        retentionDays: conversation.retentionDays ?? null,
        retentionExtendedUntil: conversation.extendedDays === undefined ? null : clock(conversation.extendedDays, 0),
        createdAt: clock(conversation.createdDay, 8),
        updatedAt: clock(conversation.createdDay, 8),
      })),
    )
    .onConflictDoNothing();
  await tx
    .insert(conversationParticipants)
    .values(plan.flatMap((conversation) => conversation.participants.map((who) => ({ organisationId, conversationId: id(`conversation:${conversation.key}`), personId: person(who), joinedAt: clock(conversation.createdDay, 8) }))))
    .onConflictDoNothing();
  await tx
    .insert(messages)
    .values(
      plan.flatMap((conversation) =>
        conversation.lines.map(([day, hour, minute, author, body], index) => ({
          id: id(`message:${conversation.key}:${index}`),
          organisationId,
          conversationId: id(`conversation:${conversation.key}`),
          authorPersonId: author === null ? null : person(author),
          authorAnonymized: author === null,
          body,
          createdAt: clock(day, hour, minute),
        })),
      ),
    )
    .onConflictDoNothing();
}
