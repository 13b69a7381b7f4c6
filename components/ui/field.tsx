'use client';

import { type ComponentProps, createContext, type ReactNode, use } from 'react';
import { cn } from './cn';

const control =
  'block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 disabled:bg-slate-100';

type Described = { id?: string; invalid: boolean; describedBy?: string };

// What a Field tells the control inside it, so no form has to repeat (or forget) it: its id, whether it is in
// error, and the error and hint that describe it.
const FieldContext = createContext<Described>({ invalid: false });

function ids(...values: (string | undefined)[]): string | undefined {
  return values.filter(Boolean).join(' ') || undefined;
}

function Problem({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className="col-span-full text-xs font-medium text-red-700">
      {children}
    </p>
  );
}

/**
 * A labelled control with an optional hint and error. The Input, Select or Textarea inside takes its id from
 * `htmlFor`, is marked aria-invalid while there is an error, and is described by the error, then the hint.
 */
export function Field({ label, htmlFor, hint, error, children, className }: { label: ReactNode; htmlFor: string; hint?: ReactNode; error?: ReactNode; children: ReactNode; className?: string }) {
  const hintId = hint ? `${htmlFor}-hint` : undefined;
  const errorId = error ? `${htmlFor}-error` : undefined;
  return (
    <FieldContext value={{ id: htmlFor, invalid: Boolean(error), describedBy: ids(errorId, hintId) }}>
      <div className={cn('space-y-1.5', className)}>
        <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        {children}
        {hint ? (
          <p id={hintId} className="text-xs text-slate-600">
            {hint}
          </p>
        ) : null}
        {error ? <Problem id={errorId!}>{error}</Problem> : null}
      </div>
    </FieldContext>
  );
}

/**
 * A group of radios or checkboxes under a legend: the group is marked aria-invalid while there is an error
 * and is described by it, so a screen reader names the error on entering the group.
 */
export function FieldSet({ id, legend, hint, error, children, className, legendClassName }: { id: string; legend: ReactNode; hint?: ReactNode; error?: ReactNode; children: ReactNode; className?: string; legendClassName?: string }) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset id={id} className={cn('aria-[invalid=true]:border-red-600', className)} aria-invalid={error ? true : undefined} aria-describedby={ids(errorId, hintId)}>
      <legend className={cn('text-sm font-medium text-slate-800', legendClassName)}>{legend}</legend>
      {children}
      {hint ? (
        <p id={hintId} className="col-span-full text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? <Problem id={errorId!}>{error}</Problem> : null}
    </fieldset>
  );
}

// Explicit props win: a control outside a Field, or one that names its own description, keeps its own.
function useFieldProps<P extends { id?: string; 'aria-invalid'?: ComponentProps<'input'>['aria-invalid']; 'aria-describedby'?: string }>(props: P): P {
  const field = use(FieldContext);
  return {
    ...props,
    id: props.id ?? field.id,
    'aria-invalid': props['aria-invalid'] ?? (field.invalid ? true : undefined),
    'aria-describedby': props['aria-describedby'] ?? field.describedBy,
  };
}

export function Input({ className, ...props }: ComponentProps<'input'>) {
  return <input className={cn(control, className)} {...useFieldProps(props)} />;
}

export function Select({ className, ...props }: ComponentProps<'select'>) {
  return <select className={cn(control, 'pr-8', className)} {...useFieldProps(props)} />;
}

export function Textarea({ className, ...props }: ComponentProps<'textarea'>) {
  return <textarea className={cn(control, className)} {...useFieldProps(props)} />;
}
