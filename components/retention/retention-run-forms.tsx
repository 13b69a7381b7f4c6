'use client';

import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import type { ActionResult } from '@/lib/transport/portal/action-result';
import type { RetentionRunDto } from '@/lib/privacy/retention/schemas';
import { RetentionCounts } from './retention-counts';

type PreviewResult = ActionResult & { run?: RetentionRunDto };
type Props = {
  preview: (previous: PreviewResult | null, form: FormData) => Promise<PreviewResult>;
  runNow: (previous: ActionResult | null, form: FormData) => Promise<ActionResult>;
  inProgress: boolean;
};

/** "Preview next run" (a dry run, changes nothing) and "Run now" (behind a confirmation). */
export function RetentionRunForms({ preview, runNow, inProgress }: Props) {
  const previewForm = useActionForm(preview);
  const runForm = useActionForm(runNow);
  const previewResult = previewForm.result;
  const runResult = runForm.result;
  const confirmError = runForm.error('confirm');
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <ActionForm state={previewForm} className="flex flex-col items-start gap-3" aria-labelledby="preview-heading">
        <h3 id="preview-heading" className="text-sm font-semibold text-slate-900">
          Preview next run
        </h3>
        <p className="text-sm text-slate-600">Counts what a run now would delete or anonymise, for each kind of data. Nothing is changed; the preview is listed below.</p>
        <SubmitButton variant="secondary" pendingLabel="Counting…">
          Preview next run
        </SubmitButton>
        <div aria-live="polite" className="w-full space-y-2 text-sm empty:hidden">
          <FormMessage result={previewResult} />
          {previewResult?.ok && previewResult.run?.results.some((r) => r.count > 0) ? <RetentionCounts run={previewResult.run} /> : null}
        </div>
      </ActionForm>
      <ActionForm state={runForm} noValidate className="flex flex-col items-start gap-3" aria-labelledby="run-now-heading">
        <h3 id="run-now-heading" className="text-sm font-semibold text-slate-900">
          Run now
        </h3>
        <p className="text-sm text-slate-600">Applies the policy now instead of waiting for the nightly run. Deleted records cannot be brought back.</p>
        <label className="flex items-start gap-2 text-sm text-slate-800">
          <input
            type="checkbox"
            name="confirm"
            value="yes"
            defaultChecked={runForm.checked('confirm', false, 'yes')}
            className="mt-0.5 h-4 w-4 rounded border-slate-300"
            aria-invalid={confirmError ? true : undefined}
            aria-describedby={confirmError ? 'confirm-error' : undefined}
          />
          <span>I understand that records past their retention period are deleted or anonymised for good.</span>
        </label>
        {confirmError ? (
          <p id="confirm-error" className="text-sm text-red-700">
            {confirmError}
          </p>
        ) : null}
        <SubmitButton variant="danger" pendingLabel="Starting…" disabled={inProgress}>
          Run now
        </SubmitButton>
        <div aria-live="polite" className="w-full empty:hidden">
          {inProgress ? (
            <p role="status" className="text-sm text-slate-600">
              A retention run is in progress. This page updates by itself.
            </p>
          ) : null}
          <FormMessage result={runResult && !confirmError ? runResult : null} />
        </div>
      </ActionForm>
    </div>
  );
}
