'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { generateLegalReportAction } from '@/lib/transport/portal/actions/legal-report-actions';

/** Any month that is over; generating one again replaces its figures. */
export function GenerateLegalReportForm({ defaultMonth, latestMonth }: { defaultMonth: string; latestMonth: string }) {
  const form = useActionForm(generateLegalReportAction);
  return (
    <ActionForm state={form} className="space-y-3" noValidate>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <Field label="Month" htmlFor="legal-report-month" error={form.error('month')} hint="A month that is over. Generating a month again replaces its figures." className="sm:w-80">
          <Input name="month" type="month" required max={latestMonth} placeholder="YYYY-MM" defaultValue={form.text('month', defaultMonth)} />
        </Field>
        <div className="sm:pt-7">
          <SubmitButton pendingLabel="Generating…">Generate report</SubmitButton>
        </div>
      </div>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
