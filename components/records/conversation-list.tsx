import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { formatDate } from '@/lib/platform/format/dates';
import type { Conversation } from '@/lib/records/conversations/schemas';
import { conversationKindLabels } from './record-labels';

/** The others in a thread, by name in alphabetical order: "Lena Fischer and Tom Becker", or that the viewer is alone in it. */
export function othersIn(conversation: Pick<Conversation, 'participantPersonIds'>, viewerPersonId: string, names: ReadonlyMap<string, string>): string {
  const others = conversation.participantPersonIds
    .filter((id) => id !== viewerPersonId)
    .map((id) => names.get(id) ?? 'a former member')
    .sort((a, b) => a.localeCompare(b, 'en'));
  if (others.length === 0) return 'Only you';
  return others.length === 1 ? others[0]! : `${others.slice(0, -1).join(', ')} and ${others.at(-1)}`;
}

export function ConversationList({ conversations, viewerPersonId, names }: { conversations: Conversation[]; viewerPersonId: string; names: ReadonlyMap<string, string> }) {
  return (
    <ul className="divide-y divide-slate-100">
      {conversations.map((conversation) => (
        <li key={conversation.id} className="py-3" data-testid="conversation">
          <div className="flex flex-wrap items-center gap-2">
            <Link href={`/conversations/${conversation.id}`} className="font-medium text-brand hover:underline">
              {conversation.title}
            </Link>
            <Badge tone={conversation.kind === 'health' ? 'info' : 'neutral'}>{conversationKindLabels[conversation.kind]}</Badge>
          </div>
          <p className="mt-1 text-sm text-slate-700">
            With {othersIn(conversation, viewerPersonId, names)} · started {formatDate(conversation.createdAt)}
          </p>
        </li>
      ))}
    </ul>
  );
}
