'use client';

import { Input } from '@/components/ui/field';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour picker and its hex text, kept in step; empty text means the default colour. */
export function ColourField({ name, label, value, fallback, error, onChange }: { name: string; label: string; value: string; fallback: string; error?: string; onChange: (value: string) => void }) {
  const id = `branding-${name}`;
  const shown = HEX.test(value) ? value.toLowerCase() : fallback;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={shown}
          onChange={(event) => onChange(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
        <Input
          id={id}
          name={name}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          placeholder={fallback}
          maxLength={7}
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="font-mono"
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600">{`Empty uses the default, ${fallback}.`}</p>
      )}
    </div>
  );
}
