import { unstable_rethrow } from 'next/navigation';
import { ZodError } from 'zod';
import { DomainError } from '@/lib/platform/core/errors';
import type { SubmittedValues } from './submitted-values';

/** A refusal: what is wrong, by field where a field is to blame, and (from a form) exactly what was sent. */
export type ActionFailure = { ok: false; message: string; fieldErrors?: Record<string, string[]>; values?: SubmittedValues };

/** What every portal server action returns: shown by components/ui/form-message.tsx. */
export type ActionResult = { ok: true; message?: string } | ActionFailure;

/** The outcome's words when the reasons are shown at the fields themselves. */
export const CORRECT_THE_FIELDS = 'Please correct the highlighted fields.';

function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'form';
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}

/**
 * A failed action as the user sees it: domain errors keep their message (they are written for people) unless
 * the screen has plainer words for them; anything unexpected is logged and answered generically, so no
 * internals reach the page.
 */
export function toActionError(error: unknown, plainerMessage?: string): ActionFailure {
  // redirect(), notFound() and forbidden() work by throwing; they are not failures.
  unstable_rethrow(error);
  if (error instanceof ZodError) return { ok: false, message: CORRECT_THE_FIELDS, fieldErrors: fieldErrorsOf(error.issues) };
  if (error instanceof DomainError) {
    const issues = Array.isArray(error.details.issues) ? (error.details.issues as { path: string; message: string }[]) : [];
    const fieldErrors = issues.length ? fieldErrorsOf(issues.map((i) => ({ path: String(i.path).split('.').filter(Boolean), message: i.message }))) : undefined;
    return { ok: false, message: plainerMessage ?? error.message, fieldErrors };
  }
  console.error('[portal] action failed', error);
  return { ok: false, message: 'Something went wrong. Please try again.' };
}
