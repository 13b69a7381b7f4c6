import type { Announcement } from '@/lib/organisation/announcements/schemas';
import type { MyActiveLoan } from '@/lib/transport/dashboard/list-my-active-loans';
import type { Notification } from '@/lib/platform/notifications/in-app';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import { ActiveLoansCard } from './active-loans-card';
import { NewsCard } from './news-card';
import { type QuickAction, QuickActions } from './quick-actions';
import { RemindersCard } from './reminders-card';

const actions: QuickAction[] = [
  { href: '/loans/new', label: 'Borrow', description: 'Request equipment', icon: 'plus' },
  { href: '/scan', label: 'Scan QR code', description: 'Look up an asset by its label', icon: 'scan' },
  { href: '/loans?tab=active', label: 'Return', description: 'Hand back what you borrowed', icon: 'return' },
  { href: '/loans?tab=history', label: 'History', description: 'Your past loans', icon: 'history' },
];

type Props = {
  loans: MyActiveLoan[];
  reminders: Notification[];
  unreadReminders: number;
  news: Announcement[];
  markReadAction: (previous: ActionResult | null, formData: FormData) => Promise<ActionResult>;
};

export function EmployeeDashboard({ loans, reminders, unreadReminders, news, markReadAction }: Props) {
  return (
    <div className="space-y-6">
      <QuickActions label="Quick actions" actions={actions} />
      {/* On a phone the reminders come right after the loans: they are what needs doing. */}
      <div className="grid items-start gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <ActiveLoansCard loans={loans} />
        </div>
        <div className="lg:col-start-3 lg:row-span-2 lg:row-start-1">
          <RemindersCard reminders={reminders} unreadCount={unreadReminders} markReadAction={markReadAction} />
        </div>
        <div className="lg:col-span-2">
          <NewsCard news={news} />
        </div>
      </div>
    </div>
  );
}
