'use client';

import { useActionState } from 'react';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { generateLegalReportAction } from '@/lib/transport/portal/actions/legal-report-actions';

/** Any month that is over; generating one again replaces its figures. */
export function GenerateLegalReportForm({ defaultMonth, latestMonth }: { defaultMonth: string; latestMonth: string }) {
  const [result, action] = useActionState(generateLegalReportAction, null);
  const error = result?.ok === false ? result.fieldErrors?.month?.[0] : undefined;
  return (
    <form action={action} className="space-y-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Month" htmlFor="legal-report-month" error={error} hint="A month that is over. Generating a month again replaces its figures." className="sm:w-80">
          <Input
            id="legal-report-month"
            name="month"
            type="month"
            required
            max={latestMonth}
            placeholder="YYYY-MM"
            defaultValue={result?.ok === false ? result.values?.month : defaultMonth}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? 'legal-report-month-error' : 'legal-report-month-hint'}
          />
        </Field>
        <div className="sm:pt-7">
          <SubmitButton pendingLabel="Generating…">Generate report</SubmitButton>
        </div>
      </div>
      <div aria-live="polite">
        <FormMessage result={result} />
      </div>
    </form>
  );
}
