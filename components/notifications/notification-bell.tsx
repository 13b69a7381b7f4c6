import Link from 'next/link';
import { cn } from '@/components/ui/cn';

/** The bell in the header of every page: the person's unread notifications, opening their inbox. */
export function NotificationBell({ unread }: { unread: number }) {
  const label = unread === 0 ? 'Notifications, none unread' : unread === 1 ? 'Notifications, 1 unread' : `Notifications, ${unread} unread`;
  return (
    <Link
      href="/notifications"
      aria-label={label}
      title={label}
      data-testid="notification-bell"
      className="relative inline-flex h-8 w-8 items-center justify-center rounded-md text-slate-700 transition hover:bg-slate-100"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round" className="h-5 w-5">
        <path d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
        <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
      </svg>
      {unread > 0 ? (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className={cn('absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-red-700 px-1 text-[11px] font-semibold leading-none text-white ring-2 ring-white')}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      ) : null}
    </Link>
  );
}
