'use server';

import { z } from 'zod';
import { createConversation } from '@/lib/records/conversations/create-conversation';
import { deleteMessage } from '@/lib/records/conversations/delete-message';
import { postMessage } from '@/lib/records/conversations/post-message';
import { CreateConversationBody, PostMessageBody } from '@/lib/records/conversations/schemas';
import { formAction, portalAction } from '../portal-action';
import { formText } from './record-form-fields';

const refresh = [{ path: '/conversations', type: 'layout' as const }];

const StartForm = z.object({ kind: z.string(), title: z.string(), participantPersonIds: z.array(z.string()) });

/**
 * Starts a thread; the lib adds the caller and refuses a health thread without the MEDICAL duty. It answers the
 * thread's id for the form to open: a server-side redirect() would re-render through Next's internal fetch, which
 * carries no tenant host.
 */
export const startConversationAction = formAction(
  {
    input: StartForm,
    fields: (form) => ({ kind: formText(form, 'kind'), title: formText(form, 'title'), participantPersonIds: form.getAll('participantPersonIds').map(String) }),
    revalidate: [...refresh, { path: '/people', type: 'layout' }],
    errors: { FORBIDDEN: 'Only the medical staff may start a health conversation.' },
    errorFields: { FORBIDDEN: 'kind' },
  },
  async ({ tx, ctx, input }) => {
    const conversation = await createConversation(tx, ctx, CreateConversationBody.parse(input));
    return { conversationId: conversation.id };
  },
);

export const postMessageAction = formAction(
  {
    input: z.object({ conversationId: z.uuid(), body: z.string() }),
    fields: (form) => ({ conversationId: formText(form, 'conversationId'), body: formText(form, 'body') }),
    revalidate: refresh,
  },
  async ({ tx, ctx, input }) => {
    await postMessage(tx, ctx, input.conversationId, PostMessageBody.parse({ body: input.body }));
    return {};
  },
);

/** Deleting one's own message, or, for an admin, someone else's: the lib audits that as moderation. */
export const deleteMessageAction = portalAction(
  { input: z.object({ conversationId: z.uuid(), messageId: z.uuid() }), revalidate: refresh },
  async ({ tx, ctx, input }) => {
    await deleteMessage(tx, ctx, input.conversationId, input.messageId);
    return { message: 'Message deleted.' };
  },
);
