import { Badge, type BadgeTone } from '@/components/ui/badge';

const tones: Record<string, { tone: BadgeTone; label: string }> = {
  PENDING: { tone: 'info', label: 'Pending' },
  DELIVERED: { tone: 'success', label: 'Delivered' },
  FAILED: { tone: 'danger', label: 'Failed' },
};

export function DeliveryStatusBadge({ status }: { status: string }) {
  const { tone, label } = tones[status] ?? { tone: 'neutral' as const, label: status };
  return <Badge tone={tone}>{label}</Badge>;
}
