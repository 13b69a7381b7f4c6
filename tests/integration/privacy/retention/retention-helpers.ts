import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import type { RetentionPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import { addYearsUtc } from '@/lib/privacy/retention/policy';
import { connectLedgerPostgres, type LedgerConnection } from '@/db/ledger/connect-ledger';
import { ownerDb } from '../../../support/factories';

export const DAY = 86_400_000;

/** A run's clock a little ahead of the factories' (and the database's) own, on a whole second. */
export const testAsOf = () => new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);

/** asOf − N calendar years ± whole days: the anchor of a record just past (-1) or just before (+1) expiry. */
export const yearsBefore = (asOf: Date, years: number, plusDays = 0) => new Date(addYearsUtc(asOf, -years).getTime() + plusDays * DAY);
export const daysBefore = (asOf: Date, days: number) => new Date(asOf.getTime() - days * DAY);

let ledger: LedgerConnection | undefined;

export async function testLedger(): Promise<LedgerConnection> {
  ledger ??= await connectLedgerPostgres(inject('ledgerDatabaseUrl'));
  return ledger;
}

export async function closeTestLedger(): Promise<void> {
  await ledger?.close();
  ledger = undefined;
}

export const testPrivacy: RetentionPrivacy = async () => ({ ledger: (await testLedger()).db, secret: inject('pseudonymSecret') });

export async function exists(table: string, id: string): Promise<boolean> {
  const [row] = await ownerDb()`select count(*)::int as n from ${ownerDb()(table)} where id = ${id}`;
  return row!.n === 1;
}

export async function insertAudit(organisationId: string, occurredAt: Date, targetId = `t-${randomBytes(4).toString('hex')}`): Promise<string> {
  const [row] = await ownerDb()`insert into audit_log (organisation_id, occurred_at, actor_type, action, target_type, target_id)
    values (${organisationId}, ${occurredAt}, 'SYSTEM', 'TEST_ENTRY', 'TEST', ${targetId}) returning id`;
  return String(row!.id);
}

/** Row counts of every table the policy touches, for one tenant: what a dry run must leave as it was. */
export async function tableCounts(organisationId: string): Promise<Record<string, number>> {
  const sql = ownerDb();
  const tables = ['persons', 'activities', 'activity_comments', 'medical_treatments', 'donations', 'antidoping_records', 'incident_reports', 'financial_transactions', 'messages', 'conversations', 'audit_log'];
  const counts: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await sql`select count(*)::int as n from ${sql(table)} where organisation_id = ${organisationId}`;
    counts[table] = row!.n;
  }
  const [anonymised] = await sql`select count(*)::int as n from persons where organisation_id = ${organisationId} and anonymized_at is not null`;
  counts.anonymisedPersons = anonymised!.n;
  return counts;
}
