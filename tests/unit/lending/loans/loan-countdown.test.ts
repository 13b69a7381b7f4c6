import { describe, expect, it } from 'vitest';
import { loanCountdown } from '@/lib/lending/loans/loan-countdown';

const today = '2026-03-10';

describe('loanCountdown', () => {
  it.each([
    ['2026-04-10', 'green', '31 days left', 31],
    ['2026-03-18', 'green', '8 days left', 8],
    ['2026-03-17', 'orange', '7 days left', 7],
    ['2026-03-12', 'orange', '2 days left', 2],
    ['2026-03-11', 'orange', 'Due tomorrow', 1],
    ['2026-03-10', 'red', 'Due today', 0],
    ['2026-03-09', 'red', 'Overdue by 1 day', -1],
    ['2026-03-08', 'red', 'Overdue by 2 days', -2],
  ] as const)('a loan ending %s is %s: "%s"', (endDate, tone, label, daysLeft) => {
    expect(loanCountdown(endDate, today)).toEqual({ tone, label, daysLeft });
  });

  it('counts across a month and a year end', () => {
    expect(loanCountdown('2027-01-02', '2026-12-30')).toEqual({ tone: 'orange', label: '3 days left', daysLeft: 3 });
    expect(loanCountdown('2026-02-28', '2026-03-01')).toEqual({ tone: 'red', label: 'Overdue by 1 day', daysLeft: -1 });
  });
});
