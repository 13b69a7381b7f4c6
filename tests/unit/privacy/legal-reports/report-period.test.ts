import { describe, expect, it } from 'vitest';
import { assertMonthIsOver, previousMonth, reportPeriod } from '@/lib/privacy/legal-reports/report-period';
import { pastRetentionOf } from '@/lib/privacy/legal-reports/retention-figures';

describe('the report period', () => {
  it('is the calendar month in UTC, with its last day inclusive', () => {
    expect(reportPeriod('2024-02')).toEqual({
      month: '2024-02',
      start: new Date('2024-02-01T00:00:00Z'),
      end: new Date('2024-03-01T00:00:00Z'),
      periodStart: '2024-02-01',
      periodEnd: '2024-02-29',
    });
    expect(reportPeriod('2026-12').periodEnd).toBe('2026-12-31');
  });

  it('on the 1st reports on the month before, across a year', () => {
    expect(previousMonth(new Date('2027-01-01T03:00:00Z'))).toBe('2026-12');
    expect(previousMonth(new Date('2026-03-31T23:59:59Z'))).toBe('2026-02');
  });

  it('refuses a month that is not over, from its first instant of the next month on it is accepted', () => {
    expect(() => assertMonthIsOver(reportPeriod('2026-11'), new Date('2026-11-30T23:59:59Z'))).toThrow(/not over yet/);
    expect(() => assertMonthIsOver(reportPeriod('2026-12'), new Date('2026-11-30T23:59:59Z'))).toThrow(/not over yet/);
    expect(() => assertMonthIsOver(reportPeriod('2026-11'), new Date('2026-12-01T00:00:00Z'))).not.toThrow();
  });
});

describe('records past retention', () => {
  it('are the kinds a run would delete or anonymise, with a count', () => {
    const asOf = new Date('2026-11-01T03:00:00Z');
    expect(
      pastRetentionOf(
        [
          { kind: 'person', action: 'anonymise', count: 2 },
          { kind: 'training', action: 'delete', count: 0 },
          { kind: 'match_participation', action: 'keep', count: 5 },
          { kind: 'donation', action: 'delete', count: 7 },
        ],
        asOf,
      ),
    ).toEqual({
      asOf: '2026-11-01T03:00:00.000Z',
      total: 9,
      kinds: [
        { kind: 'person', action: 'anonymise', count: 2 },
        { kind: 'donation', action: 'delete', count: 7 },
      ],
    });
  });
});
