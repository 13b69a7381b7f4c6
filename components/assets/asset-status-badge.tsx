import { Badge, type BadgeTone } from '@/components/ui/badge';

const statuses: Record<string, { label: string; tone: BadgeTone }> = {
  AVAILABLE: { label: 'Available', tone: 'success' },
  LOANED: { label: 'On loan', tone: 'info' },
  MAINTENANCE: { label: 'In maintenance', tone: 'warning' },
  RETIRED: { label: 'Retired', tone: 'neutral' },
};

export function AssetStatusBadge({ status }: { status: string }) {
  const { label, tone } = statuses[status] ?? { label: status, tone: 'neutral' };
  return <Badge tone={tone}>{label}</Badge>;
}
