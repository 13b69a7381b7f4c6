'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { createConversation } from '@/lib/records/conversations/create-conversation';
import { deleteMessage } from '@/lib/records/conversations/delete-message';
import { postMessage } from '@/lib/records/conversations/post-message';
import { CreateConversationBody, PostMessageBody } from '@/lib/records/conversations/schemas';
import { formAction, portalAction } from '../portal-action';
import { formText } from './record-form-fields';

const refresh = [{ path: '/conversations', type: 'layout' as const }];

const StartForm = z.object({ kind: z.string(), title: z.string(), participantPersonIds: z.array(z.string()) });

/** Starts a thread and opens it; the lib adds the caller and refuses a health thread without the MEDICAL duty. */
export const startConversationAction = formAction(
  {
    input: StartForm,
    fields: (form) => ({ kind: formText(form, 'kind'), title: formText(form, 'title'), participantPersonIds: form.getAll('participantPersonIds').map(String) }),
    revalidate: [...refresh, { path: '/people', type: 'layout' }],
    errorFields: { FORBIDDEN: 'kind' },
  },
  async ({ tx, ctx, input }) => {
    const conversation = await createConversation(tx, ctx, CreateConversationBody.parse(input));
    return { conversationId: conversation.id };
  },
);

/** Where the start form goes once the thread exists: a redirect outside the transaction, after it committed. */
export async function startConversationAndOpen(previous: unknown, form: FormData) {
  const outcome = await startConversationAction(previous, form);
  if (outcome.ok) redirect(`/conversations/${outcome.conversationId}`);
  return outcome;
}

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
