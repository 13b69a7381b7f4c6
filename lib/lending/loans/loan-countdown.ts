import { daysBetween } from '@/lib/platform/time';

export type CountdownTone = 'green' | 'orange' | 'red';
export type LoanCountdown = { tone: CountdownTone; label: string; daysLeft: number };

/**
 * The spec's countdown colour: green above 7 days, orange from 1 to 7 days, red below 1 day or overdue.
 * Loans end on a whole day, so "below 1 day" is the last day itself; the label says it in words, so colour
 * is never the only signal.
 */
export function loanCountdown(endDate: string, today: string): LoanCountdown {
  const daysLeft = daysBetween(today, endDate);
  const tone: CountdownTone = daysLeft > 7 ? 'green' : daysLeft >= 1 ? 'orange' : 'red';
  return { tone, label: countdownLabel(daysLeft), daysLeft };
}

function countdownLabel(daysLeft: number): string {
  if (daysLeft > 1) return `${daysLeft} days left`;
  if (daysLeft === 1) return 'Due tomorrow';
  if (daysLeft === 0) return 'Due today';
  const late = -daysLeft;
  return `Overdue by ${late} ${late === 1 ? 'day' : 'days'}`;
}
