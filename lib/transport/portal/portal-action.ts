import { revalidatePath } from 'next/cache';
import type { z } from 'zod';
import type { Tx } from '@/db/client';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { DomainError } from '@/lib/platform/core/errors';
import { type ActionFailure, CORRECT_THE_FIELDS, toActionError } from './action-result';
import { type PortalContext, requirePortalContext, withPortalTransaction } from './portal-context';
import { submittedValues } from './submitted-values';

type Revalidation = string | { path: string; type: 'layout' | 'page' };

export type ActionSpec<S extends z.ZodType> = {
  /** The lowest role allowed; the database decides the caller's role on every call. */
  role?: Role;
  /** The domain schema the input must satisfy: the one the API validates the same change with. */
  input: S;
  /** Pages that show what the action changed, refreshed once its transaction has committed. */
  revalidate?: Revalidation[] | ((input: z.output<S>) => Revalidation[]);
  /** Plainer words for domain errors on this screen, by error code. */
  errors?: Record<string, string>;
  /** The form field a domain error is about, by error code: the refusal is shown at that field. */
  errorFields?: Record<string, string>;
};

type Handler<S extends z.ZodType, R> = (args: { tx: Tx; ctx: RequestContext; input: z.output<S>; portal: PortalContext }) => Promise<R>;

export type ActionOutcome<R> = ({ ok: true } & R) | ActionFailure;

function revalidate(targets: Revalidation[]): void {
  for (const target of targets) {
    if (typeof target === 'string') revalidatePath(target);
    else revalidatePath(target.path, target.type);
  }
}

/**
 * Every portal server action, as route() is every API handler: role gate -> zod input -> one tenant-scoped
 * transaction -> revalidation. Whatever fails comes back as an ActionFailure a person can read.
 */
export function portalAction<S extends z.ZodType, R extends object>(spec: ActionSpec<S>, handler: Handler<S, R>) {
  return async (raw: z.input<S>): Promise<ActionOutcome<R>> => {
    try {
      const portal = await requirePortalContext(spec.role ?? 'EMPLOYEE');
      const input = spec.input.parse(raw);
      const result = await withPortalTransaction(portal, (tx, ctx) => handler({ tx, ctx, input, portal }));
      revalidate(typeof spec.revalidate === 'function' ? spec.revalidate(input) : (spec.revalidate ?? []));
      return { ok: true, ...result };
    } catch (error) {
      const failure = toActionError(error, error instanceof DomainError ? spec.errors?.[error.code] : undefined);
      const field = error instanceof DomainError ? spec.errorFields?.[error.code] : undefined;
      return field ? { ok: false, message: CORRECT_THE_FIELDS, fieldErrors: { ...failure.fieldErrors, [field]: [failure.message] } } : failure;
    }
  };
}

type FormSpec<S extends z.ZodType, F> = ActionSpec<S> & {
  /** The form's fields as the input; may read uploaded files. */
  fields: (form: FormData) => F | Promise<F>;
};

export type FormOutcome<R> = ActionOutcome<R>;

/**
 * portalAction for a <form> driven by useActionState: (previous state, form data) -> outcome. A refusal hands
 * back every value the form sent: React resets a form after its action, so a form that drew its controls from
 * anything else would show other choices than the person made, and file those next (issue 23, item 16).
 */
export function formAction<S extends z.ZodType, F, R extends object>(spec: FormSpec<S, F>, handler: Handler<S, R>) {
  const run = portalAction(spec, handler);
  return async (_previous: unknown, form: FormData): Promise<FormOutcome<R>> => {
    const outcome = await run((await spec.fields(form)) as z.input<S>);
    return outcome.ok ? outcome : { ...outcome, values: submittedValues(form) };
  };
}
