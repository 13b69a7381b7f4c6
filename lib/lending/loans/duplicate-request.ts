import { ConflictError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import type { OwnOverlap } from './load-request-facts';

/**
 * A second request of the same asset for overlapping dates is usually a double click or a forgotten first one;
 * it is filed only when the caller confirms (allowDuplicate). Beside an approved or active loan of the caller
 * the conflict check has already answered: the first one holds the asset (LOAN_CONFLICT).
 */
export function duplicateRequest(assetId: string, own: OwnOverlap[]): ConflictError {
  const first = own[0]!;
  return new ConflictError(
    'LOAN_DUPLICATE_REQUEST',
    `You already asked for this asset from ${formatDate(first.startDate)} to ${formatDate(first.endDate)}; that request is still waiting for a decision. Send it again with allowDuplicate to file a second one.`,
    { assetId, existingLoans: own },
  );
}
