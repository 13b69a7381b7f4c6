import { describe, expect, it } from 'vitest';
import { calendarDate } from '@/lib/platform/validation/calendar-date';
import { RequestIdentityChangeBody } from '@/lib/people/profile/schemas';

const problem = (value: string) => calendarDate.safeParse(value).error?.issues[0]?.message;

describe('the one calendar date schema (issue 23, item 16)', () => {
  it('names a well-written day the calendar does not have, with the reason, not a format hint', () => {
    expect(problem('2001-02-30')).toBe('2001-02-30 does not exist: February 2001 has 28 days.');
    expect(problem('2025-02-29')).toBe('2025-02-29 does not exist: February 2025 has 28 days.');
    expect(problem('2024-02-30')).toBe('2024-02-30 does not exist: February 2024 has 29 days.');
    expect(problem('2026-04-31')).toBe('2026-04-31 does not exist: April 2026 has 30 days.');
    expect(problem('2026-13-01')).toBe('2026-13-01 does not exist: a year has the months 01 to 12.');
    expect(problem('2026-01-00')).toBe('2026-01-00 does not exist: a month starts at day 01.');
    expect(problem('0000-01-01')).toBe('0000-01-01 does not exist: the calendar starts at the year 0001.');
  });

  it('gives the format only for what is not written as YYYY-MM-DD', () => {
    expect(problem('30.02.2001')).toBe('Write the date as YYYY-MM-DD.');
    expect(problem('2001-2-3')).toBe('Write the date as YYYY-MM-DD.');
    expect(calendarDate.safeParse('2024-02-29').success).toBe(true);
  });

  it('is the rule of a birth date correction', () => {
    const refused = RequestIdentityChangeBody.safeParse({ birthDate: '2001-02-30' });
    expect(refused.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([['birthDate', '2001-02-30 does not exist: February 2001 has 28 days.']]);
    expect(RequestIdentityChangeBody.parse({ birthDate: '2001-02-28' })).toEqual({ birthDate: '2001-02-28' });
  });
});
