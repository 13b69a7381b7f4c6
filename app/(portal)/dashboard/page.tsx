import { AdminDashboard } from '@/components/dashboard/admin-dashboard';
import { EmployeeDashboard } from '@/components/dashboard/employee-dashboard';
import { ManagerDashboard } from '@/components/dashboard/manager-dashboard';
import { ButtonLink } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { listAnnouncements } from '@/lib/organisation/announcements/list-announcements';
import { getConfig } from '@/lib/platform/config';
import { getManagerKpis } from '@/lib/transport/dashboard/get-manager-kpis';
import { getSystemHealth } from '@/lib/transport/dashboard/get-system-health';
import { listApprovalQueue } from '@/lib/transport/dashboard/list-approval-queue';
import { listMyActiveLoans } from '@/lib/transport/dashboard/list-my-active-loans';
import { listOverdueLoans } from '@/lib/transport/dashboard/list-overdue-loans';
import { listRecentAuditEntries } from '@/lib/transport/dashboard/list-recent-audit-entries';
import { listNotifications } from '@/lib/platform/notifications/in-app';
import { getOrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import { type PortalContext, requirePortalContext, withPortalTransaction } from '@/lib/transport/portal/portal-context';
import { countOpenDeletionRequests } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { approveLoanAction, rejectLoanAction } from '@/lib/transport/portal/actions/loan-actions';
import { markReminderReadAction } from '@/lib/transport/portal/actions/reminder-actions';

export const metadata = { title: 'Dashboard' };

const NEWS_ON_DASHBOARD = 3;
const REMINDERS_ON_DASHBOARD = 5;

function firstName(name: string): string {
  return name.split(' ')[0] ?? name;
}

async function EmployeeView({ portal }: { portal: PortalContext }) {
  const data = await withPortalTransaction(portal, async (tx, ctx) => {
    const [loans, reminders, unread, news] = await Promise.all([
      listMyActiveLoans(tx, ctx),
      listNotifications(tx, ctx, { limit: REMINDERS_ON_DASHBOARD }),
      listNotifications(tx, ctx, { unread: true, limit: 1 }),
      listAnnouncements(tx, ctx, NEWS_ON_DASHBOARD),
    ]);
    return { loans, reminders: reminders.data, unreadReminders: unread.pagination.total, news };
  });
  return (
    <>
      <PageHeader title={`Welcome back, ${firstName(portal.user.name)}`} description={`${portal.organisation.name} · your loans, reminders and news`} />
      <EmployeeDashboard {...data} markReadAction={markReminderReadAction} />
    </>
  );
}

async function ManagerView({ portal }: { portal: PortalContext }) {
  const data = await withPortalTransaction(portal, async (tx, ctx) => {
    const [kpis, queue, overdue, news] = await Promise.all([getManagerKpis(tx, ctx), listApprovalQueue(tx, ctx), listOverdueLoans(tx, ctx), listAnnouncements(tx, ctx, NEWS_ON_DASHBOARD)]);
    return { kpis, queue, overdue, news };
  });
  return (
    <>
      <PageHeader
        title="Asset management"
        description={`${portal.organisation.name} · approvals, loans and inventory at a glance`}
        actions={<ButtonLink href="/assets/new">Add asset</ButtonLink>}
      />
      <ManagerDashboard {...data} organisationName={portal.organisation.name} approveAction={approveLoanAction} rejectAction={rejectLoanAction} />
    </>
  );
}

async function AdminView({ portal }: { portal: PortalContext }) {
  const data = await withPortalTransaction(portal, async (tx, ctx) => {
    const [health, profile, audit, erasure, news] = await Promise.all([
      getSystemHealth(tx, ctx),
      getOrganisationProfile(tx, ctx.organisationId),
      listRecentAuditEntries(tx, ctx),
      countOpenDeletionRequests(tx, ctx),
      listAnnouncements(tx, ctx, NEWS_ON_DASHBOARD),
    ]);
    return { health, profile: profile!, audit, erasure, news };
  });
  const domain = data.profile.customDomain ?? `${data.profile.slug}.${getConfig().WEB_DOMAIN}`;
  return (
    <>
      <PageHeader title="Administration overview" description={`${portal.organisation.name} · health, settings and recent activity`} />
      <AdminDashboard {...data} domain={domain} uptimeSeconds={Math.floor(process.uptime())} />
    </>
  );
}

/** One dashboard per role: an admin sees the administration overview, a manager the manager's, an employee theirs; each shows the news. */
export default async function DashboardPage() {
  const portal = await requirePortalContext();
  if (portal.user.role === 'ADMIN') return <AdminView portal={portal} />;
  if (portal.user.role === 'ASSET_MANAGER') return <ManagerView portal={portal} />;
  return <EmployeeView portal={portal} />;
}
