'use client';

import { useState, useTransition } from 'react';
import { Button } from '@/components/ui/button';
import { FormMessage } from '@/components/ui/form-message';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { deleteActivityCommentAction } from '@/lib/transport/portal/actions/activity-actions';

/** Deletes a comment after a second click; someone else's is moderation, which the audit log records. */
export function DeleteCommentButton({ activityId, commentId, personId, moderation }: { activityId: string; commentId: string; personId: string; moderation: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<ActionResult | null>(null);
  const [pending, startTransition] = useTransition();
  if (!confirming) {
    return (
      <Button size="sm" variant="ghost-danger" onClick={() => setConfirming(true)}>
        {moderation ? 'Remove' : 'Delete'}
      </Button>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-xs text-slate-700">{moderation ? 'Remove this comment? The removal is recorded in the audit log.' : 'Delete your comment?'}</span>
      <Button
        size="sm"
        variant="danger"
        disabled={pending}
        onClick={() => startTransition(async () => setResult(await deleteActivityCommentAction({ activityId, commentId, personId })))}
      >
        {pending ? 'Deleting…' : 'Yes, delete'}
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
        Keep it
      </Button>
      {result?.ok === false ? <FormMessage result={result} /> : null}
    </div>
  );
}
