import type { BadgeTone } from '@/components/ui/badge';
import type { Person } from '@/lib/people/persons/schemas';

type PersonRole = NonNullable<Person['primaryRole']>;

export const personRoleLabels: Record<PersonRole, string> = {
  athlete: 'Athlete',
  coach: 'Coach',
  medical: 'Medical staff',
  staff: 'Staff',
  official: 'Club official',
  volunteer: 'Volunteer',
  parent: 'Parent',
  fan: 'Fan',
  donor: 'Donor',
};

export const personRolesInOrder = Object.keys(personRoleLabels) as PersonRole[];

/** Where a person stands with the sports registry, in words a club member understands. */
export const registryStateWords: Record<string, { label: string; tone: BadgeTone; explanation: string }> = {
  synced: { label: 'Matches the registry', tone: 'success', explanation: 'Name, birth date and nationality are the ones the sports registry holds.' },
  pending: { label: 'Update on its way', tone: 'info', explanation: 'A change was sent to the sports registry and waits for its answer.' },
  conflict: { label: 'Differs from the registry', tone: 'danger', explanation: 'The registry and the club both changed a detail; an administrator decides which is right.' },
  pending_registration: { label: 'Registration requested', tone: 'warning', explanation: 'The club asked the sports registry to register this person; it has not answered yet.' },
  'local-only': { label: 'Not in the registry', tone: 'neutral', explanation: 'Known to the club only; the sports registry has no record of this person.' },
};
