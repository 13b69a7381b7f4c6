import { describe, expect, it } from 'vitest';
import type { RegistryBase } from '@/db/schema';
import { type IdentityValues, type MergeInput, mergePerson, mirroredIdentityFields } from '@/lib/registry/mirror/merge-person';

const synced: IdentityValues = {
  firstName: 'Noor',
  lastName: 'de Vries',
  birthDate: '2009-05-11',
  identifierNational: 'hmac-sha256:aaa',
  nationality: 'NL',
  officialEmail: 'noor@club.example',
};

function input(overrides: Omit<Partial<MergeInput>, 'registry' | 'local' | 'base'> & { registry?: Partial<IdentityValues>; local?: Partial<IdentityValues>; base?: RegistryBase | null } = {}): MergeInput {
  return {
    currentStatus: 'synced',
    proposals: [],
    ...overrides,
    local: { ...synced, ...overrides.local },
    base: overrides.base === undefined ? { ...synced } : overrides.base,
    registry: { ...synced, ...overrides.registry },
  };
}

describe('mergePerson', () => {
  it('nothing changed anywhere: no update, no conflict, synced, base unchanged', () => {
    expect(mergePerson(input())).toEqual({ update: {}, base: synced, conflicts: [], syncStatus: 'synced' });
  });

  it.each(mirroredIdentityFields)('a registry change of %s is applied and becomes the base', (field) => {
    const result = mergePerson(input({ registry: { [field]: 'changed' } }));
    expect(result.update).toEqual({ [field]: 'changed' });
    expect(result.base).toEqual({ ...synced, [field]: 'changed' });
    expect(result.conflicts).toEqual([]);
    expect(result.syncStatus).toBe('synced');
  });

  it('the registry clearing a field to null is applied too', () => {
    expect(mergePerson(input({ registry: { officialEmail: null } })).update).toEqual({ officialEmail: null });
  });

  it('a local edit the registry did not touch is overwritten: the registry wins on identity fields, without conflict', () => {
    const result = mergePerson(input({ local: { nationality: 'BE' } }));
    expect(result.update).toEqual({ nationality: 'NL' });
    expect(result.conflicts).toEqual([]);
    expect(result.syncStatus).toBe('synced');
  });

  it('a field edited locally and changed at the registry is a conflict; the registry value is still applied', () => {
    const result = mergePerson(input({ local: { nationality: 'BE' }, registry: { nationality: 'DE' } }));
    expect(result.update).toEqual({ nationality: 'DE' });
    expect(result.conflicts).toEqual([{ field: 'nationality', localChange: 'edited' }]);
    expect(result.syncStatus).toBe('conflict');
    expect(result.base.nationality).toBe('DE');
  });

  it('both sides arriving at the same value is no conflict', () => {
    const result = mergePerson(input({ local: { nationality: 'DE' }, registry: { nationality: 'DE' } }));
    expect(result).toMatchObject({ update: {}, conflicts: [], syncStatus: 'synced' });
  });

  it('an open proposal for a field the registry changed to another value is a conflict', () => {
    const result = mergePerson(input({ registry: { lastName: 'Van Dijk' }, proposals: [{ id: 'p1', fields: { lastName: 'Jansen' } }] }));
    expect(result.update).toEqual({ lastName: 'Van Dijk' });
    expect(result.conflicts).toEqual([{ field: 'lastName', localChange: 'proposal', proposalId: 'p1' }]);
    expect(result.syncStatus).toBe('conflict');
  });

  it('an open proposal the registry now matches is its acceptance, not a conflict', () => {
    const result = mergePerson(input({ registry: { lastName: 'Jansen' }, proposals: [{ id: 'p1', fields: { lastName: 'Jansen' } }] }));
    expect(result).toMatchObject({ update: { lastName: 'Jansen' }, conflicts: [], syncStatus: 'synced' });
  });

  it('an open proposal for a field the registry did not change is no conflict', () => {
    const result = mergePerson(input({ registry: { firstName: 'Nora' }, proposals: [{ id: 'p1', fields: { lastName: 'Jansen' } }] }));
    expect(result).toMatchObject({ update: { firstName: 'Nora' }, conflicts: [], syncStatus: 'synced' });
  });

  it('the first sync (no base) applies the registry values; only open proposals can conflict', () => {
    const local = { ...synced, lastName: 'Local', birthDate: '2009-05-12' };
    const result = mergePerson({ local, base: null, registry: synced, proposals: [{ id: 'p2', fields: { birthDate: '2009-05-13' } }], currentStatus: null });
    expect(result.update).toEqual({ lastName: 'de Vries', birthDate: '2009-05-11' });
    expect(result.base).toEqual(synced);
    expect(result.conflicts).toEqual([{ field: 'birthDate', localChange: 'proposal', proposalId: 'p2' }]);
  });

  it('several conflicting fields are all reported, in field order', () => {
    const result = mergePerson(
      input({ local: { officialEmail: 'mine@x.example' }, registry: { officialEmail: 'theirs@x.example', firstName: 'N.' }, proposals: [{ id: 'p', fields: { firstName: 'Nora' } }] }),
    );
    expect(result.conflicts.map((c) => c.field)).toEqual(['firstName', 'officialEmail']);
  });

  it('a conflict stays until an admin resolves it, even when this sync finds none', () => {
    expect(mergePerson(input({ currentStatus: 'conflict' })).syncStatus).toBe('conflict');
  });

  it('pending_registration and pending persons become synced', () => {
    expect(mergePerson(input({ currentStatus: 'pending_registration' })).syncStatus).toBe('synced');
    expect(mergePerson(input({ currentStatus: 'pending' })).syncStatus).toBe('synced');
  });

  it('an erased field is never written back, never a conflict, and keeps no registry value in the base (issue 23, item 7)', () => {
    const erasedLocal = { birthDate: '2009-01-01' };
    const result = mergePerson(
      input({
        local: erasedLocal,
        base: { ...synced, birthDate: null },
        registry: { birthDate: '2009-05-12', lastName: 'Jansen' },
        proposals: [{ id: 'erasure', fields: { birthDate: null } }],
        erased: ['birthDate', 'phone'],
      }),
    );
    expect(result).toEqual({ update: { lastName: 'Jansen' }, base: { ...synced, lastName: 'Jansen', birthDate: null }, conflicts: [], syncStatus: 'synced' });
    // The first sync of a person erased while local-only: the same.
    const first = mergePerson({ local: { ...synced, ...erasedLocal }, base: null, registry: synced, proposals: [], currentStatus: null, erased: ['birthDate'] });
    expect(first).toMatchObject({ update: {}, conflicts: [], base: { birthDate: null } });
  });

  it('does not mutate its inputs', () => {
    const given = input({ registry: { lastName: 'X' } });
    const copy = structuredClone(given);
    const result = mergePerson(given);
    result.base.firstName = 'mutated';
    expect(given).toEqual(copy);
  });
});
