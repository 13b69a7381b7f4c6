import { cn } from '@/components/ui/cn';
import type { LoanCountdown } from '@/lib/lending/loans/loan-countdown';

const tones = {
  green: 'bg-green-50 text-green-800 ring-green-600/30',
  orange: 'bg-orange-50 text-orange-900 ring-orange-600/40',
  red: 'bg-red-50 text-red-800 ring-red-600/40',
} as const;

const dots = { green: 'bg-green-600', orange: 'bg-orange-500', red: 'bg-red-600' } as const;

/** The time left on a loan, in words and in the spec's colour. */
export function CountdownBadge({ countdown }: { countdown: LoanCountdown }) {
  return (
    <span
      data-testid="loan-countdown"
      data-tone={countdown.tone}
      className={cn('inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset whitespace-nowrap', tones[countdown.tone])}
    >
      <span className={cn('h-2 w-2 rounded-full', dots[countdown.tone])} aria-hidden="true" />
      {countdown.label}
    </span>
  );
}
