import { eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { persons } from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { type LedgerDatabase, type LedgerEntry, readLedger } from './deletion-ledger';
import { ANONYMIZED, type ErasablePersonField, erasePerson } from './erase-person';
import { ledgerSubjectKey } from './pseudonym';

export type ReplayDeps = { db: Database; ledger: LedgerDatabase; secret: string; now: () => Date; runId: string; log?: Pick<Console, 'info' | 'error'> };
export type ReplayResult = { entries: number; tenants: number; reErased: number; alreadyErased: number; notFound: number };

type PersonState = {
  id: string;
  anonymizedAt: Date | null;
  firstName: string;
  lastName: string;
  birthDate: string | null;
  officialEmail: string | null;
  preferredEmail: string | null;
  phone: string | null;
  nationality: string | null;
  hasIdentifier: boolean;
  erasedFields: string[];
};

/**
 * Whether the person still shows what the entry erased: a restore from before the erasure brought it back. A field
 * without its erased mark counts too, however erased its value looks (a birth date on 1 January, a nationality
 * that was empty), since the mark is what keeps the registry sync from writing it back (issue 23).
 */
function needsErasure(person: PersonState, entry: LedgerEntry): boolean {
  if (entry.scope === 'full') return person.anonymizedAt === null;
  // An anonymised person has no detail left to erase; the anonymisation dropped the registry mirror too.
  if (person.anonymizedAt !== null) return false;
  return (entry.fields as ErasablePersonField[]).some((field) => {
    if (!person.erasedFields.includes(field)) return true;
    if (field === 'firstName' || field === 'lastName') return person[field] !== ANONYMIZED;
    if (field === 'birthDate') return person.birthDate !== null && !person.birthDate.endsWith('-01-01');
    if (field === 'identifierNational') return person.hasIdentifier;
    return person[field] !== null;
  });
}

/**
 * Re-erases every subject the ledger lists whose data is back (after a restore of the tenant database): run by
 * `npm run ledger:replay` and at start-up. The erasure of a restored subject also cancels their restored bookings
 * again and puts back the refusal of their sign-in identity, which lives on their account row. The ledger is only read. Subjects already erased are left alone, so
 * a replay on a healthy database changes nothing and writes no audit entry.
 */
export async function replayLedger(deps: ReplayDeps): Promise<ReplayResult> {
  const byTenant = new Map<string, LedgerEntry[]>();
  let entries = 0;
  for await (const batch of readLedger(deps.ledger)) {
    for (const entry of batch) {
      entries += 1;
      const list = byTenant.get(entry.organisationId) ?? [];
      list.push(entry);
      byTenant.set(entry.organisationId, list);
    }
  }
  const result: ReplayResult = { entries, tenants: byTenant.size, reErased: 0, alreadyErased: 0, notFound: 0 };
  for (const [organisationId, tenantEntries] of byTenant) {
    await withTenant(deps.db, organisationId, async (tx) => {
      const people = await tx
        .select({
          id: persons.id,
          anonymizedAt: persons.anonymizedAt,
          firstName: persons.firstName,
          lastName: persons.lastName,
          birthDate: persons.birthDate,
          officialEmail: persons.officialEmail,
          preferredEmail: persons.preferredEmail,
          phone: persons.phone,
          nationality: persons.nationality,
          hasIdentifier: sql<boolean>`${persons.identifierNational} is not null`,
          erasedFields: persons.erasedFields,
        })
        .from(persons)
        .where(eq(persons.organisationId, organisationId));
      // The ledger names subjects only by keyed hash: find each one by hashing the tenant's person ids.
      const byKey = new Map(people.map((p) => [ledgerSubjectKey(deps.secret, organisationId, p.id), p]));
      const { ctx } = createContext({ organisationId, user: null, requestId: deps.runId, now: deps.now() });
      for (const entry of tenantEntries) {
        const person = byKey.get(entry.subjectKey);
        if (!person) {
          result.notFound += 1;
          continue;
        }
        if (!needsErasure(person, entry)) {
          result.alreadyErased += 1;
          continue;
        }
        await erasePerson(tx, ctx, person.id, entry.scope === 'full' ? { scope: 'full', reason: entry.reason } : { scope: 'partial', fields: entry.fields as ErasablePersonField[] }, deps.secret);
        if (entry.scope === 'full') person.anonymizedAt = ctx.now;
        else person.erasedFields = [...new Set([...person.erasedFields, ...entry.fields])];
        result.reErased += 1;
      }
    });
  }
  if (result.reErased > 0) deps.log?.info(`[quartermaster] deletion ledger: re-erased ${result.reErased} subject(s) restored from a backup`);
  return result;
}

