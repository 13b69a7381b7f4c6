import type { SystemHealth } from '@/lib/transport/dashboard/get-system-health';
import type { RecentAudit } from '@/lib/transport/dashboard/list-recent-audit-entries';
import type { OrganisationProfile } from '@/lib/organisation/settings/get-organisation-profile';
import type { Announcement } from '@/lib/organisation/announcements/schemas';
import type { OpenDeletionCounts } from '@/lib/privacy/erasure/deletion-requests/list-deletion-requests';
import { ErasureRequestsAlert } from './erasure-requests-alert';
import { NewsCard } from './news-card';
import { type QuickAction, QuickActions } from './quick-actions';
import { RecentAuditCard } from './recent-audit-card';
import { SystemHealthCard } from './system-health-card';
import { TenantInfoCard } from './tenant-info-card';

const actions: QuickAction[] = [
  { href: '/admin/users?invite=1', label: 'Invite user', description: 'Send an invitation by e-mail', icon: 'userPlus' },
  { href: '/admin/users', label: 'Manage roles', description: 'Who may approve and administer', icon: 'shield' },
  { href: '/admin/audit-log', label: 'Audit log', description: 'Every change, who and when', icon: 'list' },
  { href: '/admin/backup', label: 'Backup', description: 'Download your data', icon: 'archive' },
];

type Props = { health: SystemHealth; uptimeSeconds: number; profile: OrganisationProfile; domain: string; audit: RecentAudit; erasure: OpenDeletionCounts; news: Announcement[] };

export function AdminDashboard({ health, uptimeSeconds, profile, domain, audit, erasure, news }: Props) {
  return (
    <div className="space-y-6">
      <ErasureRequestsAlert counts={erasure} />
      <QuickActions label="Administration shortcuts" actions={actions} />
      <div className="grid gap-6 lg:grid-cols-2">
        <SystemHealthCard health={health} uptimeSeconds={uptimeSeconds} />
        <TenantInfoCard profile={profile} domain={domain} />
      </div>
      <NewsCard news={news} />
      <RecentAuditCard audit={audit} />
    </div>
  );
}
