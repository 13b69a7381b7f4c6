'use client';

import { type ComponentProps, useActionState, useEffect, useRef, useState } from 'react';
import type { ActionFailure, ActionResult } from '@/lib/transport/portal/action-result';

type Action<O> = (previous: O | null, form: FormData) => Promise<O>;

export type ActionFormState<O extends ActionResult = ActionResult> = {
  result: O | null;
  dispatch: (form: FormData) => void;
  /** Counts the outcomes; ActionForm remounts the form on each. */
  round: number;
  /** The error of a field after a refusal, by the name the action reports it under. */
  error: (name: string) => string | undefined;
  /** A text field, select or textarea: what was sent after a refusal, the stored value otherwise. */
  text: (name: string, stored?: string | null) => string;
  /** A checkbox or radio (of `value`): ticked as sent after a refusal, as stored otherwise. */
  checked: (name: string, stored: boolean, value?: string) => boolean;
  /** The ticked values of a checkbox group: as sent after a refusal, as stored otherwise. */
  chosen: (name: string, stored: readonly string[]) => string[];
};

/**
 * useActionState for a form, with what the form needs to draw itself after an outcome: after a refusal
 * every control shows exactly what was sent (formAction hands it back), after a success the stored state.
 */
export function useActionForm<O extends ActionResult>(action: Action<O>): ActionFormState<O> {
  const [result, dispatch] = useActionState<O | null, FormData>(action, null);
  // Each outcome is a new object; counting them during render (React's way to keep a previous value) gives
  // the form its key in the same commit as the outcome.
  const [round, setRound] = useState({ result, count: 0 });
  if (round.result !== result) setRound({ result, count: round.count + 1 });
  const failure = result?.ok === false ? (result as ActionFailure) : undefined;
  const sent = failure?.values;
  return {
    result,
    dispatch,
    round: round.count,
    error: (name) => failure?.fieldErrors?.[name]?.join(' '),
    text: (name, stored) => (sent ? (sent[name]?.[0] ?? '') : (stored ?? '')),
    checked: (name, stored, value = 'on') => (sent ? (sent[name]?.includes(value) ?? false) : stored),
    chosen: (name, stored) => (sent ? (sent[name] ?? []) : [...stored]),
  };
}

const controls = 'input:not([type=hidden]), select, textarea, button';

/**
 * The <form> of a useActionForm. React resets a form after its action to the defaults its controls were first
 * drawn with (and a <select>, controlled or not, never takes a new default), which showed other choices than
 * the person made and filed those next (issue 23, item 16). So every outcome remounts the form, drawn afresh
 * from what was sent or what is stored; after a refusal the focus goes to the first control in error.
 */
export function ActionForm({ state, ...props }: Omit<ComponentProps<'form'>, 'action'> & { state: ActionFormState }) {
  return <RemountedForm key={state.round} state={state} {...props} />;
}

function RemountedForm({ state, ...props }: Omit<ComponentProps<'form'>, 'action'> & { state: ActionFormState }) {
  const form = useRef<HTMLFormElement>(null);
  const refused = state.result?.ok === false;
  useEffect(() => {
    if (!refused) return;
    const invalid = form.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches(controls) ? invalid : invalid?.querySelector<HTMLElement>(controls);
    target?.focus();
  }, [refused]);
  return <form ref={form} action={state.dispatch} {...props} />;
}
