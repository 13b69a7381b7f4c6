import { describe, expect, it } from 'vitest';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { castRows, clubCast, demoClock } from '@/db/seed/demo-people';
import { GLOBEX_ORGANISATION_ID } from '@/db/seed/demo-tenants';
import { registrySeedPersons, unregisteredCastKeys } from '@/scripts/registry-simulator/seed-data';

const clubRows = castRows(GLOBEX_ORGANISATION_ID, clubCast, demoClock(new Date('2026-01-01T00:00:00Z')));

describe('the registry seed', () => {
  it('gives every person a distinct stable id and a distinct national identifier', () => {
    const ids = registrySeedPersons.map((p) => p.person.id);
    expect(new Set(ids).size).toBe(ids.length);
    const identifiers = registrySeedPersons.map((p) => p.person.nationalIdentifier).filter(Boolean);
    expect(new Set(identifiers).size).toBe(identifiers.length);
  });

  it('holds the demo club members except the unregistered ones, with the same identity data but for the listed mismatches', () => {
    const members = registrySeedPersons.filter((p) => p.local?.personId);
    expect(members).toHaveLength(clubCast.length - unregisteredCastKeys.length);
    for (const { person, local, mismatchedFields } of members) {
      const row = clubRows.find((r) => r.id === local!.personId)!;
      const demo = { firstName: row.firstName, lastName: row.lastName, birthDate: row.birthDate, nationality: row.nationality, officialEmail: row.officialEmail };
      const differing = Object.entries(demo).filter(([field, value]) => person[field as keyof typeof person] !== value).map(([field]) => field);
      expect(differing).toEqual(mismatchedFields.filter((field) => field !== 'nationalIdentifier'));
      expect(person.active).toBe(row.deletedAt === null);
    }
    expect(members.flatMap((m) => m.mismatchedFields).sort()).toEqual(['birthDate', 'lastName', 'nationalIdentifier', 'nationality', 'officialEmail']);
    const localIds = new Set(members.map((m) => m.local!.personId));
    for (const key of unregisteredCastKeys) expect(localIds.has(clubRows[clubCast.findIndex((m) => m.key === key)]!.id)).toBe(false);
  });

  it('holds demo users of both tenants by name and e-mail, and persons the platform does not know', () => {
    const users = registrySeedPersons.filter((p) => p.local?.accountId);
    for (const { person, local } of users) {
      const account = demoAccounts.find((a) => a.accountId === local!.accountId)!;
      expect({ firstName: person.firstName, lastName: person.lastName, officialEmail: person.officialEmail }).toEqual({ firstName: account.givenName, lastName: account.familyName, officialEmail: account.email });
      expect(local!.organisationId).toBe(account.organisationId);
    }
    expect(new Set(users.map((u) => u.local!.organisationId)).size).toBe(2);
    expect(registrySeedPersons.filter((p) => p.local === null).length).toBeGreaterThanOrEqual(3);
  });
});
