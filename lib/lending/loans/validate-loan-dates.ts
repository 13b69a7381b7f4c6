import { ValidationError } from '@/lib/platform/core/errors';
import { formatDate } from '@/lib/platform/format/dates';
import { addDays, daysBetween } from '@/lib/platform/time';
import type { LoanPolicy } from './policy';

type Issue = { path: string; code: string; message: string };

/** Policy limits on a booking: not in the past, not too long, not too far ahead. */
export function validateLoanDates(policy: LoanPolicy, today: string, startDate: string, endDate: string, options: { allowPastStart?: boolean } = {}): void {
  const issues: Issue[] = [];
  if (endDate < startDate) issues.push({ path: 'endDate', code: 'before_start', message: 'The return date must not be before the pickup date.' });
  if (!options.allowPastStart && startDate < today) issues.push({ path: 'startDate', code: 'in_past', message: 'The pickup date must not be in the past.' });
  const length = daysBetween(startDate, endDate) + 1;
  if (length > policy.maxLoanDays) {
    issues.push({ path: 'endDate', code: 'too_long', message: `A loan may last at most ${policy.maxLoanDays} days: return it by ${formatDate(addDays(startDate, policy.maxLoanDays - 1))} at the latest.` });
  }
  if (daysBetween(today, startDate) > policy.maxAdvanceBookingDays) {
    issues.push({ path: 'startDate', code: 'too_far_ahead', message: `Loans can be booked at most ${policy.maxAdvanceBookingDays} days ahead: pick up by ${formatDate(addDays(today, policy.maxAdvanceBookingDays))} at the latest.` });
  }
  if (issues.length > 0) throw new ValidationError('The loan dates do not fit the loan policy.', { location: 'body', issues, policy: { maxLoanDays: policy.maxLoanDays, maxAdvanceBookingDays: policy.maxAdvanceBookingDays } });
}
