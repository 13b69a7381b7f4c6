import { cn } from '@/components/ui/cn';

const steps = ['Choose the asset', 'Pick the dates', 'Reason and approver'] as const;

/** Where the request stands; the current step is announced as such to screen readers. */
export function WizardSteps({ current }: { current: 1 | 2 | 3 }) {
  return (
    <nav aria-label="Request steps" className="mb-6">
      <ol className="grid grid-cols-3 gap-2">
        {steps.map((label, index) => {
          const step = index + 1;
          const state = step < current ? 'done' : step === current ? 'current' : 'todo';
          return (
            <li key={label} aria-current={state === 'current' ? 'step' : undefined} className="min-w-0">
              <div className={cn('h-1.5 rounded-full', state === 'todo' ? 'bg-slate-200' : 'bg-brand')} aria-hidden="true" />
              <p className={cn('mt-2 text-xs sm:text-sm', state === 'current' ? 'font-semibold text-slate-900' : 'text-slate-600')}>
                <span className="block text-[0.7rem] uppercase tracking-wide text-slate-500">
                  Step {step}
                  {state === 'done' ? <span className="sr-only"> (done)</span> : null}
                </span>
                {label}
              </p>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
