import type { Metadata } from 'next';
import { z } from 'zod';
import { ConversationForm } from '@/components/records/conversation-form';
import { ConversationList } from '@/components/records/conversation-list';
import { Card, CardBody, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { listPersonNames } from '@/lib/people/persons/list-person-names';
import { listConversations } from '@/lib/records/conversations/list-conversations';
import { ListConversationsQuery } from '@/lib/records/conversations/schemas';
import { startableConversationKinds } from '@/lib/transport/portal/conversation-kinds';
import { requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';

export const metadata: Metadata = { title: 'Conversations' };

/** The viewer's threads, newest first, and a new one; `?with=<person>` starts it with that person already chosen. */
export default async function ConversationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const portal = await requirePortalContext();
  const withPerson = z.uuid().safeParse((await searchParams).with);
  const { conversations, names } = await withPortalTransaction(portal, async (tx, ctx) => {
    const page = await listConversations(tx, ctx, ListConversationsQuery.parse({ limit: 100 }));
    const ids = [...page.data.flatMap((c) => c.participantPersonIds), ...(withPerson.success ? [withPerson.data] : [])];
    return { conversations: page.data, names: await listPersonNames(tx, ctx.organisationId, ids) };
  });
  const initial = withPerson.success && withPerson.data !== portal.user.personId && names.has(withPerson.data) ? [{ id: withPerson.data, name: names.get(withPerson.data)! }] : [];
  return (
    <div className="mx-auto grid max-w-6xl gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <div className="lg:col-span-2">
        <PageHeader title="Conversations" description="Threads you take part in. Only the people in a thread read it." />
      </div>
      <Card>
        <CardHeader title="Your conversations" />
        <CardBody>
          {conversations.length === 0 ? (
            <EmptyState title="No conversations yet." description="Start one with the form; the people you add see it at once." />
          ) : (
            <ConversationList conversations={conversations} viewerPersonId={portal.user.personId} names={names} />
          )}
        </CardBody>
      </Card>
      <Card>
        <CardHeader title="Start a conversation" />
        <CardBody>
          <ConversationForm kinds={startableConversationKinds(portal)} with={initial} />
        </CardBody>
      </Card>
    </div>
  );
}
