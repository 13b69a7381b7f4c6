'use client';

import Link from 'next/link';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Card, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { Notification } from '@/lib/platform/notifications/in-app';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { formatDate } from '@/lib/platform/format/dates';

type MarkReadAction = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/** The user's in-app notifications (return reminders, decisions), unread ones marked and dismissable. */
export function RemindersCard({ reminders, unreadCount, markReadAction }: { reminders: Notification[]; unreadCount: number; markReadAction: MarkReadAction }) {
  const form = useActionForm(markReadAction);
  const { result } = form;
  return (
    <Card aria-labelledby="reminders-heading">
      <CardHeader
        id="reminders-heading"
        title="Reminders"
        description={unreadCount === 0 ? 'You are all caught up.' : `${unreadCount} unread`}
        action={
          <Link href="/notifications" className="text-sm font-medium text-brand hover:underline">
            See all
          </Link>
        }
      />
      <div aria-live="polite" className={result ? 'px-5 pt-3' : undefined}>
        <FormMessage result={result} />
      </div>
      {reminders.length === 0 ? (
        <p className="px-5 py-4 text-sm text-slate-600">No reminders. We will let you know here before a loan ends.</p>
      ) : (
        <ul className="divide-y divide-slate-100" data-testid="reminders">
          {reminders.map((reminder) => {
            const unread = reminder.readAt === null;
            return (
              <li key={reminder.id} data-testid="reminder" data-read={unread ? 'false' : 'true'} className={cn('flex gap-3 px-5 py-3', unread ? 'bg-amber-50/50' : null)}>
                <span className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-brand-accent' : 'bg-slate-300')} aria-hidden="true" />
                <div className="min-w-0 flex-1">
                  <p className={cn('text-sm', unread ? 'font-semibold text-slate-900' : 'text-slate-700')}>
                    {unread ? <span className="sr-only">Unread: </span> : null}
                    {reminder.title}
                  </p>
                  <p className="mt-0.5 text-xs text-slate-600 break-words [overflow-wrap:anywhere]">{reminder.body}</p>
                  <div className="mt-1.5 flex flex-wrap items-center gap-x-3 gap-y-1">
                    <time dateTime={reminder.createdAt} className="text-xs text-slate-500">
                      {formatDate(reminder.createdAt)}
                    </time>
                    {unread ? (
                      <ActionForm state={form}>
                        <input type="hidden" name="notificationId" value={reminder.id} />
                        <SubmitButton variant="ghost" size="sm" className="h-7 px-2 text-xs" pendingLabel="Marking…" aria-label={`Mark “${reminder.title}” as read`}>
                          Mark as read
                        </SubmitButton>
                      </ActionForm>
                    ) : null}
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
