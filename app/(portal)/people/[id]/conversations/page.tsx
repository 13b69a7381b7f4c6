import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ConversationList } from '@/components/records/conversation-list';
import { TabHeading } from '@/components/records/record-parts';
import { ButtonLink } from '@/components/ui/button';
import { Card, CardBody } from '@/components/ui/card';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listConversations } from '@/lib/records/conversations/list-conversations';
import { ListConversationsQuery } from '@/lib/records/conversations/schemas';
import { personOfPage } from '@/lib/transport/portal/person-of-page';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata: Metadata = { title: 'Conversations' };

/**
 * The viewer's own threads with this person (on their own page: all of them). Nobody reads a thread they are not
 * in, an admin included, so this tab never shows other people's conversations.
 */
export default async function ConversationsTab({ params }: { params: Promise<{ id: string }> }) {
  const portal = await requirePortalContext();
  const personId = personOfPage((await params).id, portal);
  const own = personId === portal.user.personId;
  const { conversations, names } = await withPortalTransaction(portal, async (tx, ctx) => {
    const page = await listConversations(tx, ctx, ListConversationsQuery.parse({ limit: 100 }));
    const shared = own ? page.data : page.data.filter((c) => c.participantPersonIds.includes(personId));
    return { conversations: shared, names: await listPersonNames(tx, ctx.organisationId, [personId, ...shared.flatMap((c) => c.participantPersonIds)]) };
  });
  const name = names.get(personId);
  if (!name) notFound();
  return (
    <div className="space-y-6">
      <TabHeading title="Conversations" personName={name} own={own} />
      <Card>
        <CardBody className="space-y-4">
          <p className="text-sm text-slate-700">{own ? 'Threads you take part in.' : `Threads you share with ${name}. Nobody reads a thread they are not part of.`}</p>
          {conversations.length === 0 ? (
            <p className="text-sm text-slate-600">{own ? 'No conversations yet.' : `You have no conversation with ${name} yet.`}</p>
          ) : (
            <ConversationList conversations={conversations} viewerPersonId={portal.user.personId} names={names} />
          )}
          <ButtonLink href={own ? '/conversations' : `/conversations?with=${personId}`} variant="secondary" size="sm">
            {own ? 'Open your conversations' : `Start a conversation with ${name}`}
          </ButtonLink>
        </CardBody>
      </Card>
    </div>
  );
}
