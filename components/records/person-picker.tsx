'use client';

import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/field';
import type { PersonName } from '@/lib/people/persons/search-person-names';
import { searchPeopleAction } from '@/lib/transport/portal/actions/person-search-actions';

const DEBOUNCE_MS = 250;

type Props = {
  id: string;
  /** The form field the chosen ids are sent under; their names go along under `${name}Name`, to redraw the choice after a refusal. */
  name: string;
  label: string;
  hint?: string;
  error?: string;
  /** One person (an incident's subject) or several (a thread's participants). */
  multiple?: boolean;
  chosen: PersonName[];
  /** Who may be chosen: anyone of the organisation unless the form narrows it (the desk checkout: people who can borrow). */
  search?: typeof searchPeopleAction;
};

/** Find a person of the organisation by name and choose them; nothing but names is ever shown. */
export function PersonPicker({ id, name, label, hint, error, multiple = false, chosen: initial, search = searchPeopleAction }: Props) {
  const [chosen, setChosen] = useState(initial);
  const [query, setQuery] = useState('');
  const [matches, setMatches] = useState<PersonName[] | null>(null);
  const latest = useRef('');

  useEffect(() => {
    const term = query.trim();
    latest.current = term;
    if (term.length < 2) return;
    const timer = setTimeout(async () => {
      const outcome = await search({ q: term });
      if (latest.current === term) setMatches(outcome.ok ? outcome.people : []);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query, search]);

  const choose = (person: PersonName) => {
    setChosen((current) => (multiple ? [...current.filter((p) => p.id !== person.id), person] : [person]));
    setQuery('');
    setMatches(null);
  };
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  const offered = (query.trim().length >= 2 ? (matches ?? []) : []).filter((person) => !chosen.some((c) => c.id === person.id));

  return (
    <div className="space-y-1.5" data-testid={`${id}-picker`}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {chosen.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={multiple ? 'Chosen people' : 'Chosen person'}>
          {chosen.map((person) => (
            <li key={person.id} className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-900">
              {person.name}
              <input type="hidden" name={name} value={person.id} />
              <input type="hidden" name={`${name}Name`} value={person.name} />
              <button type="button" onClick={() => setChosen((current) => current.filter((p) => p.id !== person.id))} className="rounded-full px-2 text-slate-600 hover:bg-slate-200" aria-label={`Remove ${person.name}`}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {multiple || chosen.length === 0 ? (
        <Input
          id={id}
          type="search"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && event.preventDefault()}
          placeholder="Type a name"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
        />
      ) : null}
      {offered.length > 0 ? (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200" aria-label="People found">
          {offered.map((person) => (
            <li key={person.id}>
              <Button variant="ghost" size="sm" className="w-full justify-start rounded-none" onClick={() => choose(person)}>
                Choose {person.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : query.trim().length >= 2 && matches !== null ? (
        <p className="text-xs text-slate-600">Nobody of your organisation has that name.</p>
      ) : null}
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-xs font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** What a picker had chosen when its form was refused: the ids and names it sent. */
export function chosenPeople(ids: readonly string[], names: readonly string[]): PersonName[] {
  return ids.map((id, i) => ({ id, name: names[i] ?? '' }));
}
