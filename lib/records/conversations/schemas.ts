import { z } from 'zod';
import { conversationKindEnum } from '@/db/schema/conversations';
import { pageQuery } from '@/lib/platform/pagination';
import { calendarInstant } from '@/lib/platform/validation/calendar-date';

export const ConversationIdParams = z.object({ id: z.uuid() });
export const MessageIdParams = z.object({ id: z.uuid(), messageId: z.uuid() });

export const ConversationKind = z.enum(conversationKindEnum.enumValues, { message: 'Choose general, mentoring or health.' });

const title = z.string().trim().min(1, 'Give the conversation a title.').max(200, 'Keep the title to 200 characters.');

export const CreateConversationBody = z.strictObject({
  kind: ConversationKind.describe('health needs the MEDICAL duty.'),
  title,
  participantPersonIds: z
    .array(z.uuid('Each participant must be a person id.'))
    .max(100, 'A conversation has at most 100 participants.')
    .default([])
    .describe("Persons of the organisation besides the caller; the caller's own person is always added."),
});
export type CreateConversationBody = z.infer<typeof CreateConversationBody>;

export const UpdateConversationBody = z
  .strictObject({
    title,
    retentionDays: z
      .number()
      .int('Retention is a whole number of days.')
      .min(1, 'Keep messages for at least one day.')
      .max(36500, 'Keep messages for at most 36500 days.')
      .nullable()
      .describe("ADMIN only. Overrides the organisation's default; null falls back to it."),
    retentionExtendedUntil: calendarInstant('the end of the extended retention')
      .nullable()
      .describe('ADMIN only, mentoring and health conversations only (spec 001). Audited as CONVERSATION_RETENTION_EXTENDED.'),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateConversationBody = z.infer<typeof UpdateConversationBody>;

export const ListConversationsQuery = z.strictObject({ ...pageQuery });
export type ListConversationsQuery = z.infer<typeof ListConversationsQuery>;

export const ListMessagesQuery = z.strictObject({ ...pageQuery });
export type ListMessagesQuery = z.infer<typeof ListMessagesQuery>;

export const PostMessageBody = z.strictObject({
  body: z.string().trim().min(1, 'Write a message before sending it.').max(10000, 'Keep a message to 10000 characters.'),
});
export type PostMessageBody = z.infer<typeof PostMessageBody>;

export const Conversation = z.object({
  id: z.uuid(),
  kind: ConversationKind,
  title: z.string(),
  participantPersonIds: z.array(z.uuid()),
  retentionDays: z.number().int().nullable().describe("Null: the organisation's default applies."),
  retentionExtendedUntil: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Conversation = z.infer<typeof Conversation>;

/** What an ADMIN who sets a conversation's retention without taking part in it is answered: nothing they may not read. */
export const ConversationRetention = Conversation.pick({ id: true, retentionDays: true, retentionExtendedUntil: true });
export type ConversationRetention = z.infer<typeof ConversationRetention>;

export const Message = z.object({
  id: z.uuid(),
  conversationId: z.uuid(),
  authorPersonId: z.uuid().nullable().describe('Null when the author was anonymised.'),
  authorAnonymized: z.boolean(),
  body: z.string().describe("'[deleted]' once deleted or anonymised."),
  createdAt: z.iso.datetime(),
  deletedAt: z.iso.datetime().nullable(),
});
export type Message = z.infer<typeof Message>;
