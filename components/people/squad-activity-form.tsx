'use client';

import { useRef } from 'react';
import { ActionForm, useActionForm } from '@/components/ui/action-form';
import { Button } from '@/components/ui/button';
import { Field, FieldSet, Input, Select } from '@/components/ui/field';
import { FormMessage } from '@/components/ui/form-message';
import { SubmitButton } from '@/components/ui/submit-button';
import { recordSquadActivityAction } from '@/lib/transport/portal/actions/activity-actions';
import { attendanceLabels, attendanceValues } from './activity-labels';
import { ActivityWhenFields, type WhenDefaults } from './activity-when-fields';

export type RegisterPerson = { id: string; name: string; role: string };

/**
 * A coach's register: a training or a match, once, for everyone who was there or excused. Everyone left at
 * "No record" gets none.
 */
export function SquadActivityForm({ people, defaults }: { people: RegisterPerson[]; defaults: WhenDefaults }) {
  const form = useActionForm(recordSquadActivityAction);
  const register = useRef<HTMLFieldSetElement>(null);
  const markAll = (value: string) => register.current?.querySelectorAll('select').forEach((select) => (select.value = value));
  return (
    <ActionForm state={form} className="space-y-5" noValidate aria-label="Record a training or match">
      <FieldSet id="squad-type" legend="What" error={form.error('type')} className="flex flex-wrap gap-x-6 gap-y-2">
        {[
          ['training', 'Training'],
          ['match_participation', 'Match'],
        ].map(([value, label]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input type="radio" name="type" value={value} defaultChecked={form.checked('type', value === 'training', value)} className="h-4 w-4 accent-[var(--color-brand)]" />
            {label}
          </label>
        ))}
      </FieldSet>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label="Title" htmlFor="squad-title" error={form.error('title')} hint="For example: U19 training, pressing.">
          <Input name="title" maxLength={200} defaultValue={form.text('title')} />
        </Field>
        <Field label="Squad" htmlFor="squad-squad" error={form.error('squad')} hint="Optional, for example U19.">
          <Input name="squad" maxLength={100} defaultValue={form.text('squad', 'U19')} />
        </Field>
        <Field label="Focus or opponent" htmlFor="squad-focus" error={form.error('focus')} hint="The training's focus, or the match's opponent.">
          <Input name="focus" maxLength={200} defaultValue={form.text('focus')} />
        </Field>
      </div>
      <ActivityWhenFields form={form} defaults={defaults} idPrefix="squad" />
      <FieldSet id="squad-register" legend="Attendance" error={form.error('register')} hint="Only the people marked present, excused or absent get a record." className="space-y-3">
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" onClick={() => markAll('present')}>
            Mark everyone present
          </Button>
          <Button size="sm" variant="ghost" onClick={() => markAll('')}>
            Clear
          </Button>
        </div>
        <fieldset ref={register} className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          <legend className="sr-only">People</legend>
          {people.map((person) => {
            const name = `attendance:${person.id}`;
            return (
              <div key={person.id} className="flex flex-wrap items-center justify-between gap-2 px-3 py-2" data-testid="register-row">
                <label htmlFor={name} className="min-w-0 text-sm text-slate-900">
                  {person.name} <span className="text-xs text-slate-500">{person.role}</span>
                </label>
                <Select id={name} name={name} defaultValue={form.text(name)} className="w-40">
                  <option value="">No record</option>
                  {attendanceValues.map((value) => (
                    <option key={value} value={value}>
                      {attendanceLabels[value]}
                    </option>
                  ))}
                </Select>
              </div>
            );
          })}
        </fieldset>
      </FieldSet>
      <SubmitButton pendingLabel="Recording…">Record for the squad</SubmitButton>
      <div aria-live="polite">
        <FormMessage result={form.result} />
      </div>
    </ActionForm>
  );
}
