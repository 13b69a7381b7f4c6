import { firstPersonNumber, registrySeedCodelists, registrySeedOrganizations, registrySeedPersons } from './seed-data';
import type { CodelistName, CodelistValue, OrganizationChanges, PersonChanges, RegistryOrganization, RegistryPerson } from './types';

export type RegistryStore = {
  persons: Map<string, RegistryPerson>;
  organizations: Map<string, RegistryOrganization>;
  codelists: Map<CodelistName, Map<string, CodelistValue>>;
  nextPersonNumber: number;
  nextOrganizationNumber: number;
};

const clone = <T>(value: T): T => structuredClone(value);

/** A fresh store holding the seed; every call returns independent copies. */
export function createSeededStore(): RegistryStore {
  return {
    persons: new Map(registrySeedPersons.map(({ person }) => [person.id, clone(person)])),
    organizations: new Map(registrySeedOrganizations.map(({ organization }) => [organization.id, clone(organization)])),
    codelists: new Map(Object.entries(registrySeedCodelists).map(([name, list]) => [name as CodelistName, new Map(list.map((v) => [v.code, clone(v)]))])),
    nextPersonNumber: firstPersonNumber + registrySeedPersons.length,
    nextOrganizationNumber: 2001 + registrySeedOrganizations.length,
  };
}

/** Replaces the store's contents with the seed in place, so holders of the store object see the reset. */
export function resetStore(store: RegistryStore): void {
  Object.assign(store, createSeededStore());
}

export function insertPerson(store: RegistryStore, fields: Omit<RegistryPerson, 'id' | 'updatedAt' | 'version' | 'active' | 'deactivatedAt'>, at: Date): RegistryPerson {
  const person: RegistryPerson = { id: `P-${store.nextPersonNumber++}`, ...clone(fields), active: true, deactivatedAt: null, updatedAt: at.toISOString(), version: 1 };
  store.persons.set(person.id, person);
  return person;
}

export function insertOrganization(store: RegistryStore, fields: Omit<RegistryOrganization, 'id' | 'updatedAt' | 'version' | 'active' | 'deactivatedAt'>, at: Date): RegistryOrganization {
  const organization: RegistryOrganization = { id: `O-${store.nextOrganizationNumber++}`, ...clone(fields), active: true, deactivatedAt: null, updatedAt: at.toISOString(), version: 1 };
  store.organizations.set(organization.id, organization);
  return organization;
}

/**
 * Applies the changes that differ from the record and returns the names of the fields that changed (deactivatedAt
 * follows active). Nothing is touched, not even updatedAt, when nothing differs.
 */
export function applyChanges<T extends RegistryPerson | RegistryOrganization>(record: T, changes: PersonChanges | OrganizationChanges, at: Date): string[] {
  const target = record as Record<string, unknown>;
  const changed = Object.entries(changes).filter(([field, value]) => value !== undefined && JSON.stringify(target[field]) !== JSON.stringify(value));
  if (changed.length === 0) return [];
  for (const [field, value] of changed) target[field] = clone(value);
  const fields = changed.map(([field]) => field);
  if (fields.includes('active')) {
    record.deactivatedAt = record.active ? null : at.toISOString();
    fields.push('deactivatedAt');
  }
  record.updatedAt = at.toISOString();
  record.version += 1;
  return fields;
}

export type CodelistChange = { kind: 'added' | 'modified' | 'deactivated'; value: CodelistValue; changedFields: string[] };

/** Adds the value, or changes its label/active flag; null when nothing differs. */
export function upsertCodelistValue(store: RegistryStore, name: CodelistName, input: { code: string; label?: string; active?: boolean }, at: Date): CodelistChange | null {
  const list = store.codelists.get(name)!;
  const existing = list.get(input.code);
  const updatedAt = at.toISOString();
  if (!existing) {
    const value = { code: input.code, label: input.label ?? input.code, active: input.active ?? true, updatedAt };
    list.set(value.code, value);
    return { kind: 'added', value: clone(value), changedFields: ['code', 'label', 'active'] };
  }
  const changedFields = (['label', 'active'] as const).filter((field) => input[field] !== undefined && input[field] !== existing[field]);
  if (changedFields.length === 0) return null;
  Object.assign(existing, { label: input.label ?? existing.label, active: input.active ?? existing.active, updatedAt });
  const kind = changedFields.includes('active') && !existing.active ? 'deactivated' : 'modified';
  return { kind, value: clone(existing), changedFields };
}
