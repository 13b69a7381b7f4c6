import type { DevAccount } from '@/scripts/dev-idp/create-identity-provider';
import type { Duty } from '@/lib/platform/auth/duties';
import { clubStaff } from './demo-people';

const acmeId = '0b4c3a7e-0000-4000-8000-00000000ac01';
const globexId = '0b4c3a7e-0000-4000-8000-00000000610b';
const initechId = '0b4c3a7e-0000-4000-8000-0000000011ec';

const accounts: DevAccount[] = [
  { accountId: 'acme-admin', organisationId: acmeId, role: 'ADMIN', email: 'ada.admin@acme.example', givenName: 'Ada', familyName: 'Lovelace' },
  { accountId: 'acme-manager', organisationId: acmeId, role: 'ASSET_MANAGER', email: 'marcus.manager@acme.example', givenName: 'Marcus', familyName: 'Reyes' },
  { accountId: 'acme-employee-1', organisationId: acmeId, role: 'EMPLOYEE', email: 'emma.stone@acme.example', givenName: 'Emma', familyName: 'Stone' },
  { accountId: 'acme-employee-2', organisationId: acmeId, role: 'EMPLOYEE', email: 'eli.novak@acme.example', givenName: 'Eli', familyName: 'Novak' },
  { accountId: 'globex-admin', organisationId: globexId, role: 'ADMIN', email: 'grace.admin@globex.example', givenName: 'Grace', familyName: 'Hopper' },
  // A second admin: an erasure filed by one admin is verified by another (four eyes, docs/privacy/erasure.md, "Erasure requests").
  { accountId: 'globex-admin-2', organisationId: globexId, role: 'ADMIN', email: 'katherine.admin@globex.example', givenName: 'Katherine', familyName: 'Johnson' },
  { accountId: 'globex-manager', organisationId: globexId, role: 'ASSET_MANAGER', email: 'hank.manager@globex.example', givenName: 'Hank', familyName: 'Scorpio' },
  { accountId: 'globex-employee-1', organisationId: globexId, role: 'EMPLOYEE', email: 'priya.shah@globex.example', givenName: 'Priya', familyName: 'Shah' },
  { accountId: 'globex-employee-2', organisationId: globexId, role: 'EMPLOYEE', email: 'tom.becker@globex.example', givenName: 'Tom', familyName: 'Becker' },
  // The club's treasurer (FINANCE) and welfare officer (SAFEGUARDING): demo-people.ts, clubStaff.
  { accountId: 'globex-employee-3', organisationId: globexId, role: 'EMPLOYEE', email: 'olivia.brandt@globex.example', givenName: 'Olivia', familyName: 'Brandt' },
  { accountId: 'globex-employee-4', organisationId: globexId, role: 'EMPLOYEE', email: 'samuel.osei@globex.example', givenName: 'Samuel', familyName: 'Osei' },
  // Initech starts empty: its admin sets up the catalogue on screen (docs/guide/administration.md).
  { accountId: 'initech-admin', organisationId: initechId, role: 'ADMIN', email: 'bill.admin@initech.example', givenName: 'Bill', familyName: 'Lumbergh' },
  { accountId: 'initech-employee-1', organisationId: initechId, role: 'EMPLOYEE', email: 'peter.gibbons@initech.example', givenName: 'Peter', familyName: 'Gibbons' },
];

// The club's staff carry their duties into the identity provider's picker ("Employee · Treasurer"); the seed gives
// the same duties to their users, from the same clubStaff entries.
const staffDuties = new Map<string, Duty[]>(Object.values(clubStaff).flatMap((staff) => ('duties' in staff ? [[staff.subject, [...staff.duties]] as [string, Duty[]]] : [])));

export const demoAccounts: DevAccount[] = accounts.map((account) => {
  const duties = staffDuties.get(account.accountId);
  return duties ? { ...account, duties } : account;
});
