import { loans } from '@/db/schema';

// Explicit columns: a loan row is read without its tenant id.
export const loanColumns = {
  id: loans.id,
  assetId: loans.assetId,
  requesterId: loans.requesterId,
  approverId: loans.approverId,
  decidedById: loans.decidedById,
  status: loans.status,
  startDate: loans.startDate,
  endDate: loans.endDate,
  purpose: loans.purpose,
  rejectionReason: loans.rejectionReason,
  cancellationReason: loans.cancellationReason,
  extensionRequestedEndDate: loans.extensionRequestedEndDate,
  decidedAt: loans.decidedAt,
  pickedUpAt: loans.pickedUpAt,
  returnedAt: loans.returnedAt,
  cancelledAt: loans.cancelledAt,
  reminderSentAt: loans.reminderSentAt,
  overdueNotifiedAt: loans.overdueNotifiedAt,
  createdAt: loans.createdAt,
  updatedAt: loans.updatedAt,
};
