import { ValidationError } from '@/lib/core/errors';
import { addDays, daysBetween } from '@/lib/time';
import type { LoanPolicy } from './policy';

type Issue = { path: string; code: string; message: string };

/** Policy limits on a booking: not in the past, not too long, not too far ahead. */
export function validateLoanDates(policy: LoanPolicy, today: string, startDate: string, endDate: string, options: { allowPastStart?: boolean } = {}): void {
  const issues: Issue[] = [];
  if (endDate < startDate) issues.push({ path: 'endDate', code: 'before_start', message: 'endDate must not be before startDate' });
  if (!options.allowPastStart && startDate < today) issues.push({ path: 'startDate', code: 'in_past', message: 'startDate must not be in the past' });
  const length = daysBetween(startDate, endDate) + 1;
  if (length > policy.maxLoanDays) {
    issues.push({ path: 'endDate', code: 'too_long', message: `A loan may last at most ${policy.maxLoanDays} days (latest end date ${addDays(startDate, policy.maxLoanDays - 1)})` });
  }
  if (daysBetween(today, startDate) > policy.maxAdvanceBookingDays) {
    issues.push({ path: 'startDate', code: 'too_far_ahead', message: `Loans can be booked at most ${policy.maxAdvanceBookingDays} days ahead` });
  }
  if (issues.length > 0) throw new ValidationError('The loan dates do not fit the loan policy.', { location: 'body', issues, policy: { maxLoanDays: policy.maxLoanDays, maxAdvanceBookingDays: policy.maxAdvanceBookingDays } });
}
