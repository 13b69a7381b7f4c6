import { Badge, type BadgeTone } from '@/components/ui/badge';
import type { LoanStatus } from '@/lib/lending/loans/schemas';

const labels: Record<LoanStatus, { label: string; tone: BadgeTone }> = {
  PENDING_APPROVAL: { label: 'Awaiting approval', tone: 'warning' },
  APPROVED: { label: 'Ready for pickup', tone: 'info' },
  ACTIVE: { label: 'On loan', tone: 'success' },
  RETURNED: { label: 'Returned', tone: 'neutral' },
  REJECTED: { label: 'Rejected', tone: 'danger' },
  CANCELLED: { label: 'Cancelled', tone: 'neutral' },
};

export function LoanStatusBadge({ status }: { status: LoanStatus }) {
  return <Badge tone={labels[status].tone}>{labels[status].label}</Badge>;
}
