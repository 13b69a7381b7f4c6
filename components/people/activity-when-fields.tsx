'use client';

import { useSyncExternalStore } from 'react';
import type { ActionFormState } from '@/components/ui/action-form';
import { Field, Input } from '@/components/ui/field';
import { instantToLocalDateTime } from '@/lib/platform/validation/local-date-time';

const subscribe = () => () => {};
const readerTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
const serverTimeZone = () => 'UTC';

/** Typed defaults, or the instants of a recorded activity, shown on the reader's clock. */
export type WhenDefaults = { date: string; startTime: string; endTime: string } | { startsAt: string; endsAt: string | null };

function onClock(defaults: WhenDefaults, timeZone: string) {
  if (!('startsAt' in defaults)) return defaults;
  const start = instantToLocalDateTime(defaults.startsAt, timeZone);
  return { date: start.date, startTime: start.time, endTime: defaults.endsAt ? instantToLocalDateTime(defaults.endsAt, timeZone).time : '' };
}

/**
 * The day, start and end of an activity as the person reads their clock; the browser's time-zone name goes
 * with them, so the server stores the instant the person meant (lib/platform/validation/local-date-time.ts).
 */
export function ActivityWhenFields({ form, defaults, idPrefix }: { form: ActionFormState; defaults: WhenDefaults; idPrefix: string }) {
  const timeZone = useSyncExternalStore(subscribe, readerTimeZone, serverTimeZone);
  const shown = onClock(defaults, timeZone);
  // Keyed by the zone: once the browser's zone is known the fields are drawn again on its clock, so the zone
  // sent is always the one the times were shown in.
  return (
    <div key={timeZone} className="grid gap-4 sm:grid-cols-3">
      <input type="hidden" name="timeZone" value={timeZone} />
      <Field label="Day" htmlFor={`${idPrefix}-date`} error={form.error('date')}>
        <Input name="date" type="date" defaultValue={form.text('date', shown.date)} required />
      </Field>
      <Field label="Start" htmlFor={`${idPrefix}-start`} error={form.error('startTime')}>
        <Input name="startTime" type="time" defaultValue={form.text('startTime', shown.startTime)} required />
      </Field>
      <Field label="End" htmlFor={`${idPrefix}-end`} error={form.error('endTime')} hint="Optional.">
        <Input name="endTime" type="time" defaultValue={form.text('endTime', shown.endTime)} />
      </Field>
    </div>
  );
}
