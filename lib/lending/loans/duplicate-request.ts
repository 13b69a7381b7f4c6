import { ConflictError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import type { OwnOverlap } from './load-request-facts';

/**
 * A second request of the same asset for overlapping dates is usually a double click or a forgotten first one;
 * it is filed only when the caller confirms (allowDuplicate). One overlapping an approved or active loan of the
 * caller cannot be filed at all: the first one holds the asset (LOAN_CONFLICT).
 */
export function duplicateRequest(assetId: string, own: OwnOverlap[]): ConflictError {
  const first = own.find((loan) => loan.status !== 'PENDING_APPROVAL') ?? own[0]!;
  const range = `${formatDate(first.startDate)} to ${formatDate(first.endDate)}`;
  const message =
    first.status === 'PENDING_APPROVAL'
      ? `You already asked for this asset from ${range}; that request is still waiting for a decision. Send it again with allowDuplicate to file a second one.`
      : `You already have this asset booked from ${range}.`;
  return new ConflictError('LOAN_DUPLICATE_REQUEST', message, { assetId, existingLoans: own });
}
