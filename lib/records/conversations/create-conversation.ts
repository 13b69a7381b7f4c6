import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { conversationParticipants, conversations, persons } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { personNotFound } from '@/lib/people/persons/to-person-dto';
import { conversationColumns, toConversationDtos } from './conversation-store';
import type { Conversation, CreateConversationBody } from './schemas';

/** The creator is always a participant. A health conversation carries medical talk, so it needs the MEDICAL duty. */
export async function createConversation(tx: Tx, ctx: RequestContext, input: CreateConversationBody): Promise<Conversation> {
  if (input.kind === 'health') assertDuty(ctx, 'MEDICAL', 'Starting a health conversation');
  const personIds = [...new Set([ctx.user.personId, ...input.participantPersonIds])];
  const found = await tx
    .select({ id: persons.id })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), inArray(persons.id, personIds)));
  const missing = personIds.find((id) => !found.some((person) => person.id === id));
  if (missing) throw personNotFound(missing, ctx.organisationId);
  const [row] = await tx
    .insert(conversations)
    .values({ organisationId: ctx.organisationId, kind: input.kind, title: input.title, createdAt: ctx.now, updatedAt: ctx.now })
    .returning(conversationColumns);
  await tx
    .insert(conversationParticipants)
    .values(personIds.map((personId) => ({ organisationId: ctx.organisationId, conversationId: row!.id, personId, joinedAt: ctx.now })));
  await recordAudit(tx, ctx, {
    action: 'CONVERSATION_CREATED',
    targetType: 'CONVERSATION',
    targetId: row!.id,
    changes: { title: { before: null, after: input.title }, kind: { before: null, after: input.kind } },
    metadata: { participantCount: personIds.length },
  });
  const [conversation] = await toConversationDtos(tx, ctx, [row!]);
  return conversation!;
}
