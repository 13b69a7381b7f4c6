import type { ActionResult } from '@/lib/portal/action-result';
import { cn } from './cn';

/** The outcome of a server action, announced to screen readers (errors assertively). */
export function FormMessage({ result, className }: { result: ActionResult | null | undefined; className?: string }) {
  if (!result?.message) return null;
  return (
    <p
      role={result.ok ? 'status' : 'alert'}
      className={cn('rounded-md px-3 py-2 text-sm', result.ok ? 'bg-green-50 text-green-900' : 'bg-red-50 text-red-800', className)}
    >
      {result.message}
    </p>
  );
}
