import { ConversationIdParams, ListConversationsQuery, ListMessagesQuery, MessageIdParams } from '@/lib/records/conversations/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

const tag = 'Conversations';
const participantsOnly = 'Participants only: anyone else, an ADMIN included, gets 404 as for a missing id.';

export const listConversations = defineOperation({
  method: 'get',
  path: '/v1/conversations',
  operationId: 'listConversations',
  summary: "List the caller's conversations",
  description: 'The conversations the caller takes part in, newest first. An ADMIN sees only their own too.',
  tag,
  role: 'EMPLOYEE',
  query: ListConversationsQuery,
  success: { status: 200, description: 'One page of conversations.', schema: schemas.conversationPage },
});

export const createConversation = defineOperation({
  method: 'post',
  path: '/v1/conversations',
  operationId: 'createConversation',
  summary: 'Start a conversation',
  description: "The caller's person is always a participant. A `health` conversation needs the MEDICAL duty (403 otherwise). Records CONVERSATION_CREATED.",
  tag,
  role: 'EMPLOYEE',
  body: schemas.createConversationBody,
  success: { status: 201, description: 'The conversation; Location points to it.', schema: schemas.conversation },
  errors: ['PERSON_NOT_FOUND'],
});

export const getConversation = defineOperation({
  method: 'get',
  path: '/v1/conversations/{id}',
  operationId: 'getConversation',
  summary: 'Get a conversation',
  description: participantsOnly,
  tag,
  role: 'EMPLOYEE',
  params: ConversationIdParams,
  success: { status: 200, description: 'The conversation.', schema: schemas.conversation },
  errors: ['CONVERSATION_NOT_FOUND'],
});

export const updateConversation = defineOperation({
  method: 'patch',
  path: '/v1/conversations/{id}',
  operationId: 'updateConversation',
  summary: 'Change a conversation',
  description:
    'A participant changes the title. retentionDays and retentionExtendedUntil need the ADMIN role (403 otherwise), who need not be a participant; retentionExtendedUntil is for mentoring and health conversations only (400 otherwise). A participant is answered the conversation; an ADMIN who does not take part, and so may not read it, only its id and retention (ConversationRetention), never its title, kind or participants. Records CONVERSATION_UPDATED and CONVERSATION_RETENTION_EXTENDED.',
  tag,
  role: 'EMPLOYEE',
  params: ConversationIdParams,
  body: schemas.updateConversationBody,
  success: { status: 200, description: 'The updated conversation, or its retention alone to a non-participant ADMIN.', schema: schemas.updatedConversation },
  errors: ['CONVERSATION_NOT_FOUND'],
});

export const listMessages = defineOperation({
  method: 'get',
  path: '/v1/conversations/{id}/messages',
  operationId: 'listMessages',
  summary: 'Read a conversation',
  description: `Oldest first; the cursor moves towards newer messages. ${participantsOnly}`,
  tag,
  role: 'EMPLOYEE',
  params: ConversationIdParams,
  query: ListMessagesQuery,
  success: { status: 200, description: 'One page of messages.', schema: schemas.messagePage },
  errors: ['CONVERSATION_NOT_FOUND'],
});

export const postMessage = defineOperation({
  method: 'post',
  path: '/v1/conversations/{id}/messages',
  operationId: 'postMessage',
  summary: 'Write a message',
  description: `The author is the caller's person. ${participantsOnly}`,
  tag,
  role: 'EMPLOYEE',
  params: ConversationIdParams,
  body: schemas.postMessageBody,
  success: { status: 201, description: 'The message.', schema: schemas.message },
  errors: ['CONVERSATION_NOT_FOUND'],
});

export const deleteMessage = defineOperation({
  method: 'delete',
  path: '/v1/conversations/{id}/messages/{messageId}',
  operationId: 'deleteMessage',
  summary: 'Delete a message',
  description:
    "The author deletes their own; an ADMIN deletes anyone's, even without being a participant, recorded as MESSAGE_MODERATED (conversation and author, never the body). Anyone else: 403 as a participant, 404 otherwise. The message stays with the body '[deleted]' and deletedAt set.",
  tag,
  role: 'EMPLOYEE',
  params: MessageIdParams,
  success: { status: 204, description: 'Deleted; no body.' },
  errors: ['CONVERSATION_NOT_FOUND', 'MESSAGE_NOT_FOUND'],
});
