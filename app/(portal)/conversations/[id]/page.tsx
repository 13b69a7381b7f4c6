import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { z } from 'zod';
import { LocalDateTime } from '@/components/portal/local-date-time';
import { othersIn } from '@/components/records/conversation-list';
import { DeleteMessageButton } from '@/components/records/delete-message-button';
import { MessageForm } from '@/components/records/message-form';
import { conversationKindLabels } from '@/components/records/record-labels';
import { messageRetentionWords } from '@/components/records/retention-words';
import { Badge } from '@/components/ui/badge';
import { Card, CardBody } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { hasRole } from '@/lib/platform/auth/roles';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { getRetentionSettings } from '@/lib/privacy/retention/describe-policy';
import { getConversation } from '@/lib/records/conversations/get-conversation';
import { listMessages } from '@/lib/records/conversations/list-messages';
import { ListMessagesQuery } from '@/lib/records/conversations/schemas';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { refuseAsPage } from '@/lib/transport/portal/refuse-as-page';

export const metadata: Metadata = { title: 'Conversation' };

/**
 * A thread for its participants (anyone else gets the 404 page, as the API answers): its people, its messages
 * oldest first, a reply box, and deleting. An admin may delete anyone's message; the lib audits that as moderation.
 */
export default async function ConversationPage({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext();
  const id = (await params).id;
  if (!z.uuid().safeParse(id).success) notFound();
  const { conversation, messages, names, organisationDays } = await withPortalTransaction(portal, async (tx, ctx) => {
    const conversation = await getConversation(tx, ctx, id);
    const messages = await listMessages(tx, ctx, id, ListMessagesQuery.parse({ limit: 100 }));
    const names = await listPersonNames(tx, ctx.organisationId, [...conversation.participantPersonIds, ...messages.data.map((m) => m.authorPersonId)]);
    const settings = await getRetentionSettings(tx, ctx.organisationId);
    return { conversation, messages: messages.data, names, organisationDays: settings?.defaultRetentionDays ?? 365 };
  }).catch(refuseAsPage);
  const moderator = hasRole(portal.user.role, 'ADMIN');
  const me = portal.user.personId;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <PageHeader
        title={conversation.title}
        description={
          <>
            <Badge tone={conversation.kind === 'health' ? 'info' : 'neutral'}>{conversationKindLabels[conversation.kind]}</Badge>{' '}
            <span data-testid="participants">With {othersIn(conversation, me, names)}</span>
          </>
        }
        actions={
          <Link href="/conversations" className="text-sm font-medium text-brand hover:underline">
            All conversations
          </Link>
        }
      />
      <Card>
        <CardBody className="space-y-4">
          <p className="text-xs text-slate-600" data-testid="message-retention">
            {messageRetentionWords(conversation.retentionDays, organisationDays, conversation.retentionExtendedUntil)}
          </p>
          {messages.length === 0 ? <p className="text-sm text-slate-600">No messages yet. Write the first one below.</p> : null}
          <ol className="space-y-3" aria-label="Messages">
            {messages.map((message) => {
              const own = message.authorPersonId === me;
              const author = message.authorAnonymized || !message.authorPersonId ? 'A former member' : own ? 'You' : (names.get(message.authorPersonId) ?? 'A former member');
              // An anonymised author's messages read '[deleted]' too (spec 001).
              const deleted = message.deletedAt !== null || (message.authorAnonymized && message.body === '[deleted]');
              return (
                <li key={message.id} className={own ? 'rounded-lg bg-brand/5 p-3' : 'rounded-lg bg-slate-50 p-3'} data-testid="message">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="text-sm font-medium text-slate-900">
                      {author} · <LocalDateTime value={message.createdAt} className="font-normal text-slate-600" />
                    </p>
                    {!deleted && (own || moderator) ? <DeleteMessageButton conversationId={conversation.id} messageId={message.id} authorName={own ? null : author} /> : null}
                  </div>
                  {deleted ? <p className="mt-1 text-sm italic text-slate-500">This message was deleted.</p> : <p className="mt-1 whitespace-pre-line text-sm text-slate-800">{message.body}</p>}
                </li>
              );
            })}
          </ol>
          <MessageForm conversationId={conversation.id} />
        </CardBody>
      </Card>
    </div>
  );
}
