'use client';

import Link from 'next/link';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { cn } from '@/components/ui/cn';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';

type Action = (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;

/** A notification as the inbox shows it: when it came and where its link leads, already in words. */
export type InboxItem = { id: string; title: string; body: string; unread: boolean; when: string; link: { href: string; label: string } | null };

/** The person's notifications, unread ones marked, each with its link and, while unread, "Mark as read". */
export function NotificationList({ items, markReadAction }: { items: InboxItem[]; markReadAction: Action }) {
  const form = useActionForm(markReadAction);
  // A refusal shows beside the notification it was about; "Marked as read." above the list.
  const refusedId = form.result?.ok === false ? form.text('notificationId') : '';
  const refusalPlaced = items.some((item) => item.id === refusedId);
  const topResult = refusalPlaced ? null : form.result;
  return (
    <>
      <div aria-live="polite" className={topResult ? 'px-5 pt-3' : undefined}>
        <FormMessage result={topResult} />
      </div>
      <ul className="divide-y divide-slate-100" data-testid="notifications">
        {items.map((item) => (
          <li key={item.id} data-testid="notification" data-read={item.unread ? 'false' : 'true'} className={cn('flex gap-3 px-5 py-4', item.unread ? 'bg-amber-50/60' : null)}>
            <span className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', item.unread ? 'bg-brand-accent' : 'bg-slate-300')} aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <h2 className={cn('text-sm break-words [overflow-wrap:anywhere]', item.unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-700')}>
                {item.unread ? <span className="sr-only">Unread: </span> : null}
                {item.title}
              </h2>
              <p className="mt-1 text-sm text-slate-700 break-words [overflow-wrap:anywhere]">{item.body}</p>
              {item.id === refusedId ? <FormMessage result={form.result} className="mt-2" /> : null}
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
                <span className="text-xs text-slate-500">{item.when.charAt(0).toUpperCase() + item.when.slice(1)}</span>
                {item.link ? (
                  <Link href={item.link.href} className="text-sm font-medium text-brand hover:underline">
                    {item.link.label}
                  </Link>
                ) : null}
                {item.unread ? (
                  <ActionForm state={form}>
                    <input type="hidden" name="notificationId" value={item.id} />
                    <SubmitButton variant="ghost" size="sm" className="h-7 px-2 text-xs" pendingLabel="Marking…" aria-label={`Mark “${item.title}” as read`}>
                      Mark as read
                    </SubmitButton>
                  </ActionForm>
                ) : (
                  <span className="text-xs text-slate-500">Read</span>
                )}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
