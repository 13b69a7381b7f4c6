'use client';

import { useSyncExternalStore } from 'react';
import type { ActionFormState } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';

const subscribe = () => () => {};
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverTimeZone = () => 'UTC';

export type WhenDefaults = { date: string; startTime: string; endTime: string };

/**
 * The day, start and end of an activity as the person reads their clock; the browser's time-zone name goes
 * with them, so the server stores the instant the person meant (lib/platform/validation/local-date-time.ts).
 */
export function ActivityWhenFields({ form, defaults, idPrefix }: { form: ActionFormState; defaults: WhenDefaults; idPrefix: string }) {
  const timeZone = useSyncExternalStore(subscribe, readerTimeZone, serverTimeZone);
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="timeZone" value={timeZone} />
      <Field label="Day" htmlFor={`${idPrefix}-date`} error={form.error('date')}>
        <Input name="date" type="date" defaultValue={form.text('date', defaults.date)} required />
      </Field>
      <Field label="Start" htmlFor={`${idPrefix}-start`} error={form.error('startTime')}>
        <Input name="startTime" type="time" defaultValue={form.text('startTime', defaults.startTime)} required />
      </Field>
      <Field label="End" htmlFor={`${idPrefix}-end`} error={form.error('endTime')} hint="Optional.">
        <Input name="endTime" type="time" defaultValue={form.text('endTime', defaults.endTime)} />
      </Field>
    </div>
  );
}
