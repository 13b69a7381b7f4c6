import Link from 'next/link';
import { MailboxLink } from '@/components/mailbox/mailbox-link';
import { NotificationBell } from '@/components/notifications/notification-bell';
import { Badge } from '@/components/ui/badge';
import { buttonClasses } from '@/components/ui/button';
import type { Duty } from '@/lib/platform/auth/duties';
import { hasRole, type Role } from '@/lib/platform/auth/roles';
import { roleLabels } from '@/lib/people/users/role-labels';
import { primaryNav } from './nav-items';
import { NavLinks } from './nav-links';
import { signOutAction } from './sign-out';
import { TenantMark } from './tenant-mark';


type Props = { organisationName: string; logoDataUri: string | null; user: { name: string; email: string | null; role: Role; duties: readonly Duty[] }; unreadNotifications?: number };

export function PortalHeader({ organisationName, logoDataUri, user, unreadNotifications = 0 }: Props) {
  const links = primaryNav
    .filter((item) => (hasRole(user.role, item.minRole) || (item.orAnyDuty && user.duties.length > 0)) && (!item.duty || user.duties.includes(item.duty)))
    .map((item) => (item.managerLabel && hasRole(user.role, 'ASSET_MANAGER') ? { ...item, label: item.managerLabel } : item));
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="h-1 bg-brand" aria-hidden="true" />
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6 lg:px-8">
        <Link href="/dashboard" className="flex min-w-0 items-center gap-3 rounded-md">
          <TenantMark name={organisationName} logoDataUri={logoDataUri} />
          <span className="truncate text-base font-semibold text-slate-900">{organisationName}</span>
        </Link>
        {/* The menu has a row of its own below the organisation and the user until the screen is wide enough for one line. */}
        <div className="order-3 w-full 2xl:order-none 2xl:w-auto 2xl:flex-1">
          <NavLinks label="Main" links={links} />
        </div>
        <div className="ml-auto flex flex-wrap items-center justify-end gap-x-3 gap-y-2">
          <div className="hidden text-right sm:block">
            <p className="text-sm font-medium text-slate-900" data-testid="current-user-name">
              {user.name}
            </p>
            <p className="text-xs text-slate-600">{user.email}</p>
          </div>
          <Badge tone="info">{roleLabels[user.role]}</Badge>
          <NotificationBell unread={unreadNotifications} />
          <Link href="/profile" className={buttonClasses('ghost', 'sm')}>
            Your profile
          </Link>
          <MailboxLink />
          <Link href="/incidents/new" className={buttonClasses('ghost', 'sm')}>
            Report an incident
          </Link>
          <form action={signOutAction}>
            <button type="submit" className={buttonClasses('secondary', 'sm')}>
              Sign out
            </button>
          </form>
        </div>
      </div>
    </header>
  );
}
