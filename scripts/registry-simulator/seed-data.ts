import { demoAccounts } from '@/db/seed/demo-accounts';
import { castRows, clubCast, demoClock } from '@/db/seed/demo-people';
import { ACME_ORGANISATION_ID, GLOBEX_ORGANISATION_ID } from '@/db/seed/demo-tenants';
import type { CodelistName, CodelistValue, RegistryOrganization, RegistryPerson } from './types';

/** The demo record a registry record describes; null for a record the platform does not know. */
export type LocalMatch = { organisationId: string; personId?: string; accountId?: string } | null;

export type RegistrySeedPerson = {
  person: RegistryPerson;
  local: LocalMatch;
  /** Identity fields the registry holds with a different value than the demo seed, on purpose. */
  mismatchedFields: string[];
};

export type RegistrySeedOrganization = { organization: RegistryOrganization; localOrganisationId: string | null };

export const GLOBEX_REGISTRY_ID = 'O-2001';
export const UMBRELLA_REGISTRY_ID = 'O-2002';
export const INITECH_REGISTRY_ID = 'O-2003';

const seededAt = Date.parse('2026-01-05T08:00:00.000Z');
// Three records share each instant, so readers must order by (updatedAt, id), not by updatedAt alone.
const stamp = (index: number) => new Date(seededAt + Math.floor(index / 3) * 3_600_000).toISOString();

const organizations: RegistrySeedOrganization[] = [
  { localOrganisationId: GLOBEX_ORGANISATION_ID, organization: org(GLOBEX_REGISTRY_ID, 'Globex Sports Club', 'VR 31245 B', 'DE-BE', ['football', 'athletics'], 'office@globex.example') },
  { localOrganisationId: null, organization: org(UMBRELLA_REGISTRY_ID, 'SV Umbrella', 'VR 27710 B', 'DE-BE', ['football'], 'info@sv-umbrella.example') },
  { localOrganisationId: null, organization: org(INITECH_REGISTRY_ID, 'TSV Initech', 'VR 8812 M', 'DE-BY', ['handball', 'volleyball'], null) },
];

function org(id: string, name: string, registrationNumber: string, region: string, sports: string[], officialEmail: string | null): RegistryOrganization {
  return { id, name, registrationNumber, region, sports, officialEmail, active: true, deactivatedAt: null, updatedAt: '2026-01-02T09:00:00.000Z', version: 1 };
}

/** Mirrors db/seed/seed-club-sensitive-fields.ts: the identifiers the demo club stores for eight members. */
const localIdentifiers: Record<string, string> = {
  lena: 'T22000129',
  kacper: '06113012345',
  mateo: '301234567',
  amara: 'NG-19050618-7721',
  noor: 'NL-200905110042',
  jonas: 'T04020771',
  felix: 'AT-1998072177',
  chloe: 'FR-2940475123456',
};

/** Identifiers only the registry knows (made up, none belongs to a real person). */
const registryOnlyIdentifiers: Record<string, string> = {
  marieke: 'NL-197810030019',
  paul: 'T61012904',
  dieter: 'T69121211',
  helga: 'T52052755',
  ingrid: 'DK-140283-1234',
  marco: 'IT-BNCMRC01R19H501X',
};

/** Values the registry holds differently from the demo seed: the backfill finds these as mismatches. */
const overrides: Record<string, Partial<RegistryPerson>> = {
  jonas: { birthDate: '2004-02-17' },
  chloe: { officialEmail: 'chloe.martin@registry-mail.example' },
  noor: { lastName: 'Van Dijk' },
  kacper: { nationalIdentifier: '06113012346' },
  felix: { nationality: 'DE' },
};

/** Club members the registry does not know: the platform keeps them local-only. */
export const unregisteredCastKeys = ['yusuf', 'robert'] as const;

type SeedEntry = { local: LocalMatch; mismatchedFields: string[]; fields: Omit<RegistryPerson, 'id' | 'updatedAt' | 'version'> };

function clubMembers(): SeedEntry[] {
  const rows = castRows(GLOBEX_ORGANISATION_ID, clubCast, demoClock(new Date(seededAt)));
  return clubCast.flatMap((member, i) => {
    if ((unregisteredCastKeys as readonly string[]).includes(member.key)) return [];
    const row = rows[i]!;
    const base = {
      firstName: member.firstName,
      lastName: member.lastName,
      birthDate: member.birthDate ?? null,
      nationalIdentifier: localIdentifiers[member.key] ?? registryOnlyIdentifiers[member.key] ?? null,
      nationality: member.nationality,
      officialEmail: row.officialEmail,
      organizationIds: [GLOBEX_REGISTRY_ID],
      active: member.deactivatedDaysAgo === undefined,
      deactivatedAt: member.deactivatedDaysAgo === undefined ? null : '2025-10-01T18:00:00.000Z',
    };
    const override = overrides[member.key] ?? {};
    return [{ local: { organisationId: GLOBEX_ORGANISATION_ID, personId: row.id }, mismatchedFields: Object.keys(override), fields: { ...base, ...override } }];
  });
}

const accountBirthDates: Record<string, string> = {
  'globex-admin': '1976-12-09',
  'globex-manager': '1980-04-22',
  'globex-employee-1': '1991-06-30',
  'globex-employee-2': '1988-01-15',
  'acme-employee-1': '1990-11-06',
  'acme-employee-2': '1995-03-28',
};

function accountHolders(): SeedEntry[] {
  return demoAccounts.flatMap((account) => {
    const birthDate = accountBirthDates[account.accountId];
    if (!birthDate) return [];
    const atGlobex = account.organisationId === GLOBEX_ORGANISATION_ID;
    return [{
      local: { organisationId: atGlobex ? GLOBEX_ORGANISATION_ID : ACME_ORGANISATION_ID, accountId: account.accountId },
      mismatchedFields: [],
      fields: {
        firstName: account.givenName,
        lastName: account.familyName,
        birthDate,
        nationalIdentifier: `T${birthDate.replaceAll('-', '').slice(2)}${account.accountId.length}`,
        nationality: 'DE',
        officialEmail: account.email,
        // Acme's employees play for a club of their own; the registry knows them through it.
        organizationIds: [atGlobex ? GLOBEX_REGISTRY_ID : UMBRELLA_REGISTRY_ID],
        active: true,
        deactivatedAt: null,
      },
    }];
  });
}

const strangers = [
  { firstName: 'Sofia', lastName: 'Lindqvist', birthDate: '2003-08-21', nationalIdentifier: 'SE-030821-4412', nationality: 'SE', officialEmail: 'sofia.lindqvist@members.example', organizationIds: [UMBRELLA_REGISTRY_ID] },
  { firstName: 'Luca', lastName: 'Moretti', birthDate: '1999-02-03', nationalIdentifier: 'IT-MRTLCU99B03F205Z', nationality: 'IT', officialEmail: 'luca.moretti@members.example', organizationIds: [INITECH_REGISTRY_ID] },
  { firstName: 'Aiko', lastName: 'Tanaka', birthDate: '2007-12-01', nationalIdentifier: 'JP-0712011234', nationality: 'JP', officialEmail: null, organizationIds: [UMBRELLA_REGISTRY_ID, INITECH_REGISTRY_ID] },
].map((fields): SeedEntry => ({ local: null, mismatchedFields: [], fields: { ...fields, active: true, deactivatedAt: null } }));

/** Registry ids count up from here; a person created at the registry gets the next free number. */
export const firstPersonNumber = 100001;

/** The persons the registry starts with: most of the demo tenants' persons, a few mismatches, a few strangers. */
export const registrySeedPersons: RegistrySeedPerson[] = [...clubMembers(), ...accountHolders(), ...strangers].map((entry, i) => ({
  local: entry.local,
  mismatchedFields: entry.mismatchedFields,
  person: { id: `P-${firstPersonNumber + i}`, ...entry.fields, updatedAt: stamp(i), version: 1 + (i % 3) },
}));

export const registrySeedOrganizations: RegistrySeedOrganization[] = organizations;

const codelistSeedAt = '2026-01-01T00:00:00.000Z';

export const registrySeedCodelists: Record<CodelistName, CodelistValue[]> = {
  sport: values([['football', 'Football'], ['handball', 'Handball'], ['basketball', 'Basketball'], ['volleyball', 'Volleyball'], ['athletics', 'Athletics'], ['swimming', 'Swimming'], ['tennis', 'Tennis'], ['cycling', 'Cycling']]),
  region: values([['DE-BE', 'Berlin'], ['DE-BB', 'Brandenburg'], ['DE-BY', 'Bavaria'], ['DE-HH', 'Hamburg'], ['DE-NW', 'North Rhine-Westphalia'], ['DE-SN', 'Saxony']]),
  athlete_category: values([['U13', 'Under 13'], ['U15', 'Under 15'], ['U17', 'Under 17'], ['U19', 'Under 19'], ['SENIOR', 'Senior'], ['MASTERS', 'Masters (35+)']]),
  league: values([['RL-NO', 'Regionalliga Nordost'], ['OL-NO', 'Oberliga Nordost'], ['BL-BE', 'Berlin-Liga'], ['LL-BE', 'Landesliga Berlin']]),
  competition: values([['CUP-BE', 'Berlin Cup'], ['CHAMP-U19', 'U19 Championship'], ['INDOOR-BE', 'Berlin Indoor Masters']]),
};

function values(pairs: [string, string][]): CodelistValue[] {
  return pairs.map(([code, label]) => ({ code, label, active: true, updatedAt: codelistSeedAt }));
}
