/**
 * One data subject with many records, for the spec 001 benchmarks (bench/data-export.ts, bench/erasure.ts): a
 * database of its own, migrated as the app's is, and set-based inserts of every kind of record.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Database } from '@/db/client';
import { migratePostgres } from '@/db/connect';
import * as schema from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';

export type BenchDatabase = { owner: postgres.Sql; appSql: postgres.Sql; db: Database; end: () => Promise<void> };

const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const appRole = 'qm_bench_app';
const urlOf = (db: string, user?: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  if (user) url.username = user;
  return url.toString();
};

/** A fresh database `name` with every migration applied; `db` connects as the RLS-bound app role. */
export async function createBenchDatabase(name: string): Promise<BenchDatabase> {
  const admin = postgres(urlOf('postgres'), { max: 1, onnotice: () => {} });
  const [role] = await admin`select 1 from pg_roles where rolname = ${appRole}`;
  if (!role) await admin.unsafe(`CREATE ROLE ${appRole} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  await migratePostgres(urlOf(name), urlOf(name, appRole));
  const owner = postgres(urlOf(name), { max: 1, onnotice: () => {} });
  const appSql = postgres(urlOf(name, appRole), { max: 4, onnotice: () => {} });
  return { owner, appSql, db: drizzle(appSql, { schema }), end: async () => void (await Promise.all([owner.end(), appSql.end()])) };
}

export type RecordKind =
  | 'activities'
  | 'messages'
  | 'comments'
  | 'notifications'
  | 'donations'
  | 'financial'
  | 'antidoping'
  | 'incidents'
  | 'medical'
  | 'loans'
  | 'auditEntries'
  | 'queuedEmails';

/** The share of `total` per kind; kinds left out get none. Comments need activities to hang on. */
export type SubjectShares = Partial<Record<RecordKind, number>>;

export type SeededSubject = { orgId: string; personId: string; userId: string; email: string; counts: Record<RecordKind, number> };

/**
 * Seeds one organisation with one subject (person and account) and `total` records of theirs spread over the
 * kinds by `shares`, each kind in one statement (medical treatments through the app's own encryption).
 */
export async function seedSubject(bench: BenchDatabase, options: { slug: string; total: number; shares: SubjectShares; encryption: FieldEncryption }): Promise<SeededSubject> {
  const { owner, db } = bench;
  const counts = Object.fromEntries(
    (['activities', 'messages', 'comments', 'notifications', 'donations', 'financial', 'antidoping', 'incidents', 'medical', 'loans', 'auditEntries', 'queuedEmails'] as const).map((kind) => [
      kind,
      Math.round(options.total * (options.shares[kind] ?? 0)),
    ]),
  ) as Record<RecordKind, number>;
  const count = (kind: RecordKind) => counts[kind];
  const email = `zoe@${options.slug}.example`;
  const [org] = await owner`insert into organisations (slug, name) values (${options.slug}, 'Bench Sports Club') returning id`;
  const orgId = org!.id as string;
  const [person] = await owner`insert into persons (organisation_id, first_name, last_name, official_email) values (${orgId}, 'Zoë', 'Łukasiewicz', ${email}) returning id`;
  const personId = person!.id as string;
  const [user] = await owner`insert into users (organisation_id, person_id, idp_subject, email) values (${orgId}, ${personId}, 'bench-subject', ${email}) returning id`;
  const userId = user!.id as string;

  await owner`insert into activities (organisation_id, type, person_id, title, occurred_at, details)
    select ${orgId}, (array['training','match_participation','mentoring_session','education_event']::activity_type[])[1 + i % 4], ${personId}, 'Session ' || i, now() - (i || ' hours')::interval, jsonb_build_object('focus', 'Drill ' || i)
    from generate_series(1, ${count('activities')}) i`;
  await owner`insert into conversations (organisation_id, kind, title) select ${orgId}, 'general', 'Thread ' || i from generate_series(1, 20) i`;
  await owner`insert into conversation_participants (organisation_id, conversation_id, person_id) select ${orgId}, id, ${personId} from conversations where organisation_id = ${orgId}`;
  await owner`insert into messages (organisation_id, conversation_id, author_person_id, body, created_at)
    select ${orgId}, c.id, ${personId}, 'Message ' || i || ': see you at training.', now() - (i || ' minutes')::interval
    from generate_series(1, ${count('messages')}) i join lateral (select id from conversations where organisation_id = ${orgId} order by id offset (i % 20) limit 1) c on true`;
  await owner`insert into activity_comments (organisation_id, activity_id, author_person_id, body)
    select ${orgId}, a.id, ${personId}, 'Comment ' || row_number() over () from (select id from activities where organisation_id = ${orgId} limit ${count('comments')}) a`;
  await owner`insert into notifications (organisation_id, user_id, kind, title, body) select ${orgId}, ${userId}, 'ANNOUNCEMENT', 'Notice ' || i, 'Body ' || i from generate_series(1, ${count('notifications')}) i`;
  await owner`insert into donations (organisation_id, person_id, amount, donated_at, campaign) select ${orgId}, ${personId}, 25 + i % 100, now() - (i || ' days')::interval, 'Youth academy' from generate_series(1, ${count('donations')}) i`;
  await owner`insert into financial_transactions (organisation_id, person_id, kind, amount, occurred_at, reference) select ${orgId}, ${personId}, 'membership_fee', 180, now() - (i || ' days')::interval, 'MF-' || i from generate_series(1, ${count('financial')}) i`;
  await owner`insert into antidoping_records (organisation_id, person_id, tested_at, kind, result, authority) select ${orgId}, ${personId}, now() - (i || ' days')::interval, 'out_of_competition', 'negative', 'NADA' from generate_series(1, ${count('antidoping')}) i`;
  await owner`insert into incident_reports (organisation_id, person_id, occurred_at, severity, description) select ${orgId}, ${personId}, now() - (i || ' days')::interval, 'low', 'Twisted ankle ' || i from generate_series(1, ${count('incidents')}) i`;

  if (count('loans') > 0) {
    // Returned loans of one asset: the no-overlap constraint binds only approved and active ones.
    const [category] = await owner`insert into categories (organisation_id, name) values (${orgId}, 'Balls') returning id`;
    const [location] = await owner`insert into locations (organisation_id, name) values (${orgId}, 'Stadium') returning id`;
    const [asset] = await owner`insert into assets (organisation_id, name, category_id, location_id, inventory_number) values (${orgId}, 'Match ball', ${category!.id}, ${location!.id}, 'BALL-1') returning id`;
    await owner`insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose, returned_at)
      select ${orgId}, ${asset!.id}, ${userId}, 'RETURNED', current_date - i, current_date - i, 'Training ' || i, now() - (i || ' days')::interval from generate_series(1, ${count('loans')}) i`;
  }
  if (count('auditEntries') > 0) {
    // About the person and their account (changes holding their data), and about their records (naming the person).
    const aboutRecords = Math.floor(count('auditEntries') / 2);
    await owner`insert into audit_log (organisation_id, actor_type, action, target_type, target_id, changes)
      select ${orgId}, 'SYSTEM', 'PROFILE_UPDATED', case when i % 2 = 0 then 'PERSON' else 'USER' end, case when i % 2 = 0 then ${personId} else ${userId} end,
        jsonb_build_object('phone', jsonb_build_object('before', '+49 170 ' || i, 'after', '+49 171 ' || i))
      from generate_series(1, ${count('auditEntries') - aboutRecords}) i`;
    await owner`insert into audit_log (organisation_id, actor_type, action, target_type, target_id, changes)
      select ${orgId}, 'SYSTEM', 'ACTIVITY_RECORDED', 'ACTIVITY', a.id::text, jsonb_build_object('personId', jsonb_build_object('before', null, 'after', ${personId}::text))
      from (select id from activities where organisation_id = ${orgId} order by id limit ${aboutRecords}) a`;
  }
  await owner`insert into outbox (organisation_id, kind, idempotency_key, payload)
    select ${orgId}, 'EMAIL', 'bench-' || i, jsonb_build_object('template', 'loan-approved', 'to', ${email}::text, 'data', jsonb_build_object('n', i)) from generate_series(1, ${count('queuedEmails')}) i`;

  const { ctx } = createContext({ organisationId: orgId, user: null, now: new Date() });
  await withTenant(db, orgId, async (tx) => {
    for (let i = 0; i < count('medical'); i++) {
      const diagnosis = await encryptField(tx, ctx, 'medicalTreatment.diagnosis', `Hamstring strain, grade ${1 + (i % 3)}`, options.encryption);
      await tx.insert(schema.medicalTreatments).values({ organisationId: orgId, personId, diagnosis, startedAt: new Date(Date.now() - i * 86_400_000) });
    }
  });
  await owner`vacuum analyze`;
  return { orgId, personId, userId, email, counts };
}
