import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { Asset } from '@/lib/lending/assets/schemas';

const display: Record<Asset['status'], { label: string; tone: BadgeTone }> = {
  AVAILABLE: { label: 'Available', tone: 'success' },
  LOANED: { label: 'On loan', tone: 'info' },
  MAINTENANCE: { label: 'Maintenance', tone: 'warning' },
  RETIRED: { label: 'Retired', tone: 'neutral' },
};

export const assetStatusLabels = Object.fromEntries(Object.entries(display).map(([status, { label }]) => [status, label])) as Record<Asset['status'], string>;

export function AssetStatusBadge({ status }: { status: Asset['status'] }) {
  return <Badge tone={display[status].tone}>{display[status].label}</Badge>;
}
