import { ValidationError } from '@/lib/platform/core/errors';
import { toIsoDate } from '@/lib/platform/time';

/** A calendar month in UTC: [start, end) as instants, and its first and last day as dates. */
export type ReportPeriod = { month: string; start: Date; end: Date; periodStart: string; periodEnd: string };

export function reportPeriod(month: string): ReportPeriod {
  const [year, monthIndex] = month.split('-').map(Number) as [number, number];
  const start = new Date(Date.UTC(year, monthIndex - 1, 1));
  const end = new Date(Date.UTC(year, monthIndex, 1));
  return { month, start, end, periodStart: toIsoDate(start), periodEnd: toIsoDate(new Date(end.getTime() - 86_400_000)) };
}

/** The month before the one `now` falls in: what the job on the 1st reports on. */
export function previousMonth(now: Date): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return toIsoDate(date).slice(0, 7);
}

/** A report covers a month that is over: its figures could still change otherwise. */
export function assertMonthIsOver(period: ReportPeriod, now: Date): void {
  if (period.end.getTime() > now.getTime()) {
    throw new ValidationError(`The month ${period.month} is not over yet; a report can be generated from the 1st of the next month.`, {
      location: 'body',
      issues: [{ path: 'month', code: 'month_not_over', message: 'Choose a month that is over.' }],
    });
  }
}
