import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as schema from '@/db/schema';
import { ACME_ORGANISATION_ID, GLOBEX_ORGANISATION_ID } from '@/db/seed/demo-tenants';
import { seedDemoData } from '@/db/seed/seed-demo-data';
import { ownerDb } from '../../support/factories';
import { expectedDemoRecords as expected, recordTables } from './demo-records';

// The global setup seeded both demo tenants, as the server does at start-up (SEED_DEMO_DATA, tests/support/db-global-setup.ts).
let client: postgres.Sql;
const seed = () => seedDemoData(drizzle(client, { schema }));

async function counts(organisationId: string): Promise<Record<string, number>> {
  const sql = ownerDb();
  const entries = await Promise.all(recordTables.map(async (t) => [t, (await sql`select count(*)::int as n from ${sql(t)} where organisation_id = ${organisationId}`)[0]!.n as number] as const));
  return Object.fromEntries(entries);
}

beforeAll(() => {
  client = postgres(inject('ownerDatabaseUrl'), { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await client.end({ timeout: 5 });
});

describe('demo persons and their records', () => {
  it('gives the sports club every kind of record and the company a lighter set', async () => {
    expect(await counts(GLOBEX_ORGANISATION_ID)).toEqual(expected.globex);
    expect(await counts(ACME_ORGANISATION_ID)).toEqual(expected.acme);
    const types = await ownerDb()`select type, count(*)::int as n from activities where organisation_id = ${GLOBEX_ORGANISATION_ID} group by type order by type`;
    expect(Object.fromEntries(types.map((r) => [r.type, r.n]))).toEqual({
      training: 24,
      match_participation: 10,
      match_evaluation: 10,
      mentoring_session: 3,
      mentoring_cycle: 1,
      education_event: 9,
      fan_interaction: 4,
    });
    const kinds = await ownerDb()`select kind from conversations where organisation_id = ${GLOBEX_ORGANISATION_ID} order by kind`;
    expect(kinds.map((k) => k.kind)).toEqual(['general', 'mentoring', 'health']);
  });

  it('links the records as a club would: evaluations judge participations, sessions belong to their cycle', async () => {
    const orphans = await ownerDb()`select c.type from activities c left join activities p on p.organisation_id = c.organisation_id and p.id = c.parent_activity_id
      where c.organisation_id = ${GLOBEX_ORGANISATION_ID} and c.type in ('match_evaluation', 'mentoring_session')
        and (p.type is null or (c.type = 'match_evaluation') <> (p.type = 'match_participation') or (c.type = 'mentoring_session') <> (p.type = 'mentoring_cycle'))`;
    expect(orphans).toEqual([]);
    const [treatments] = await ownerDb()`select count(*)::int as n, count(diagnosis)::int as diagnosed, count(treated_by_user_id)::int as treated from medical_treatments where organisation_id = ${GLOBEX_ORGANISATION_ID}`;
    expect(treatments).toEqual({ n: 3, diagnosed: 3, treated: 3 });
    // Written through the field encryption module: FLE1 random-mode bytes, never the diagnosis in clear.
    const stored = await ownerDb()`select diagnosis, detailed_notes from medical_treatments where organisation_id = ${GLOBEX_ORGANISATION_ID}`;
    for (const row of stored) {
      expect([row.diagnosis[0], row.detailed_notes[0]]).toEqual([2, 2]);
      expect(Buffer.concat([row.diagnosis, row.detailed_notes]).toString('latin1')).not.toMatch(/sprain|strain|shoulder/i);
    }
    const [identified] = await ownerDb()`select count(identifier_national)::int as n from persons where organisation_id = ${GLOBEX_ORGANISATION_ID}`;
    // Four with records of their own, four more shared with the registry simulator for the demo backfill.
    expect(identified!.n).toBe(8);
    const duties = await ownerDb()`select idp_subject, duties::text[] as duties from users where organisation_id = ${GLOBEX_ORGANISATION_ID} and duties <> '{}' order by idp_subject`;
    expect(duties.map((r) => [r.idp_subject, r.duties])).toEqual([
      ['globex-employee-1', ['COACH']],
      ['globex-employee-2', ['MEDICAL']],
      ['globex-employee-3', ['FINANCE']],
      ['globex-employee-4', ['SAFEGUARDING']],
    ]);
    const future = await ownerDb()`select id from activities where organisation_id in (${GLOBEX_ORGANISATION_ID}, ${ACME_ORGANISATION_ID}) and (occurred_at > now() or ended_at > now())`;
    expect(future).toEqual([]);
    const roles = await ownerDb()`select primary_role, count(*)::int as n from persons where organisation_id = ${GLOBEX_ORGANISATION_ID} and primary_role in ('athlete', 'coach', 'medical', 'donor', 'fan') group by primary_role order by primary_role`;
    expect(Object.fromEntries(roles.map((r) => [r.primary_role, r.n]))).toEqual({ athlete: 7, coach: 2, medical: 1, fan: 3, donor: 3 });
    const [restricted] = await ownerDb()`select count(*) filter (where processing_restricted)::int as restricted, count(*) filter (where (preferences->>'marketingOptOut')::boolean)::int as opted_out,
      count(*) filter (where deleted_at is not null)::int as deactivated from persons where organisation_id = ${GLOBEX_ORGANISATION_ID}`;
    expect(restricted).toEqual({ restricted: 1, opted_out: 1, deactivated: 1 });
  });

  it('is idempotent: a second run changes no count', async () => {
    const before = { globex: await counts(GLOBEX_ORGANISATION_ID), acme: await counts(ACME_ORGANISATION_ID) };
    expect(await seed()).toEqual([]);
    expect({ globex: await counts(GLOBEX_ORGANISATION_ID), acme: await counts(ACME_ORGANISATION_ID) }).toEqual(before);
  });

  it('gives a tenant seeded before these records existed its records on the next start', async () => {
    const sql = ownerDb();
    await sql.begin(async (tx) => {
      for (const table of ['activity_comments', 'messages', 'conversation_participants', 'conversations', 'activities']) {
        await tx`delete from ${tx(table)} where organisation_id = ${ACME_ORGANISATION_ID}`;
      }
    });
    expect((await counts(ACME_ORGANISATION_ID)).activities).toBe(0);
    expect(await seed()).toEqual([]);
    expect(await counts(ACME_ORGANISATION_ID)).toEqual(expected.acme);
  });
});
