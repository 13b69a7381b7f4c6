import type { RegistryState } from './registry-state';
import type { PersonChanges, RegistryPerson } from './types';

export type RandomChange = { personId: string; changedFields: string[] };

const firstNames = ['Anna', 'Ben', 'Clara', 'David', 'Elif', 'Finn', 'Greta', 'Hugo', 'Ida', 'Jan'];
const lastNames = ['Schulz', 'Keller', 'Wagner', 'Lange', 'Frank', 'Winter', 'Roth', 'Peters'];
const nationalities = ['DE', 'AT', 'CH', 'NL', 'PL', 'FR', 'IT', 'DK'];
const fields = ['firstName', 'lastName', 'birthDate', 'nationalIdentifier', 'nationality', 'officialEmail'] as const;

function shiftDate(date: string | null, days: number): string {
  const base = date ? Date.parse(`${date}T00:00:00Z`) : Date.parse('2000-01-01T00:00:00Z');
  return new Date(base + days * 86_400_000).toISOString().slice(0, 10);
}

function randomValue(person: RegistryPerson, field: (typeof fields)[number], random: () => number, serial: number): PersonChanges {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  switch (field) {
    case 'firstName':
      return { firstName: pick(firstNames.filter((name) => name !== person.firstName)) };
    case 'lastName':
      return { lastName: pick(lastNames.filter((name) => name !== person.lastName)) };
    case 'birthDate':
      return { birthDate: shiftDate(person.birthDate, 1 + Math.floor(random() * 30)) };
    case 'nationalIdentifier':
      return { nationalIdentifier: `R${String(Math.floor(random() * 1e9)).padStart(9, '0')}` };
    case 'nationality':
      return { nationality: pick(nationalities.filter((code) => code !== person.nationality)) };
    case 'officialEmail':
      return { officialEmail: `${person.firstName}.${person.lastName}.${serial}`.normalize('NFD').replace(/[^A-Za-z0-9.]/g, '').toLowerCase() + '@registry-mail.example' };
  }
}

/** Changes one identity field of each of n randomly chosen active persons (seeded), each with its webhook. */
export function makeRandomChanges(state: RegistryState, random: () => number, n: number): RandomChange[] {
  const changes: RandomChange[] = [];
  for (let i = 0; i < n; i++) {
    const active = [...state.store.persons.values()].filter((person) => person.active).sort((a, b) => (a.id < b.id ? -1 : 1));
    if (active.length === 0) break;
    const person = active[Math.floor(random() * active.length)]!;
    const field = fields[Math.floor(random() * fields.length)]!;
    const changedFields = state.changePerson(person.id, randomValue(person, field, random, person.version + 1));
    changes.push({ personId: person.id, changedFields });
  }
  return changes;
}
