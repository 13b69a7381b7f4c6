import { formatDateTime } from '@/lib/platform/format/dates';
import type { DataDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/schemas';

/** The deadline that matters now, in words: the target once verified, the legal limit always. */
export function describeDeadline(request: Pick<DataDeletionRequest, 'status' | 'targetDueAt' | 'legalDueAt' | 'completedAt' | 'rejectedAt'>): string {
  if (request.status === 'completed') return `Completed ${formatDateTime(request.completedAt)}`;
  if (request.status === 'rejected') return `Rejected ${formatDateTime(request.rejectedAt)}`;
  const legal = `legal limit ${formatDateTime(request.legalDueAt)}`;
  return request.targetDueAt ? `Target ${formatDateTime(request.targetDueAt)}, ${legal}` : `Verify identity; ${legal}`;
}
