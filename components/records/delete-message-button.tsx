'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { deleteMessageAction } from '@/lib/transport/portal/actions/conversation-actions';

/** Deletes a message after a confirmation; someone else's is moderation, which the audit log records. */
export function DeleteMessageButton({ conversationId, messageId, authorName }: { conversationId: string; messageId: string; authorName: string | null }) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  const what = authorName ? `${authorName}’s message` : 'your message';
  if (!confirming) {
    return (
      <Button variant="ghost-danger" size="sm" onClick={() => setConfirming(true)} aria-label={`Delete ${what}`}>
        Delete
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2" role="group" aria-label={`Delete ${what}?`}>
      <span className="text-xs text-slate-700">{authorName ? `Delete ${what}? This is recorded in the audit log.` : 'Delete your message?'}</span>
      <Button variant="danger" size="sm" disabled={pending} onClick={() => startTransition(async () => setResult(await deleteMessageAction({ conversationId, messageId })))}>
        {pending ? 'Deleting…' : 'Yes, delete'}
      </Button>
      <Button variant="secondary" size="sm" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
      <FormMessage result={result?.ok ? null : result} />
    </div>
  );
}
