import { Badge, type BadgeTone } from '@/components/ui/badge';

type AssetStatus = 'AVAILABLE' | 'LOANED' | 'MAINTENANCE' | 'RETIRED';

const labels: Record<AssetStatus, { label: string; tone: BadgeTone }> = {
  AVAILABLE: { label: 'Available', tone: 'success' },
  LOANED: { label: 'On loan', tone: 'info' },
  MAINTENANCE: { label: 'In maintenance', tone: 'warning' },
  RETIRED: { label: 'Retired', tone: 'neutral' },
};

export function AssetStatusBadge({ status }: { status: AssetStatus }) {
  return <Badge tone={labels[status].tone}>{labels[status].label}</Badge>;
}
