import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { BackupStatus } from '@/lib/privacy/backups/schemas';

const statuses: Record<BackupStatus, { label: string; tone: BadgeTone }> = {
  PENDING: { label: 'Pending', tone: 'info' },
  RUNNING: { label: 'Running', tone: 'warning' },
  READY: { label: 'Ready', tone: 'success' },
  FAILED: { label: 'Failed', tone: 'danger' },
  EXPIRED: { label: 'Expired', tone: 'neutral' },
};

export function BackupStatusBadge({ status }: { status: BackupStatus }) {
  const { label, tone } = statuses[status];
  return <Badge tone={tone}>{label}</Badge>;
}
