import { Badge, type BadgeTone } from '@/components/ui/badge';
import { deletionStatusLabels } from '@/lib/privacy/erasure/deletion-requests/field-labels';
import type { DataDeletionStatus } from '@/lib/privacy/erasure/deletion-requests/schemas';

const tones: Record<DataDeletionStatus, BadgeTone> = { pending: 'info', verified: 'warning', in_progress: 'warning', completed: 'success', rejected: 'neutral' };

export function ErasureStatusBadge({ status, overdue = false }: { status: DataDeletionStatus; overdue?: boolean }) {
  return (
    <span className="inline-flex flex-wrap gap-1.5">
      <Badge tone={tones[status]}>{deletionStatusLabels[status]}</Badge>
      {overdue ? <Badge tone="danger">Overdue</Badge> : null}
    </span>
  );
}
