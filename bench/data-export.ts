/**
 * Time and memory of exporting one subject with 10,000 records (spec 001: export target 48 h, legal limit 30
 * days): `npm run bench:data-export [records]`. Builds its own database (qm_bench_data_export), seeds one person
 * with records of every kind, then runs the export job itself (the function the job engine calls) for JSON and
 * for the PDF report, as the RLS-bound app role, and prints the figures.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migratePostgres } from '@/db/connect';
import * as schema from '@/db/schema';
import { createContext } from '@/lib/core/context';
import { encryptField } from '@/lib/crypto/encrypt-field';
import { createFieldEncryption } from '@/lib/crypto/field-encryption';
import { createKeyRing } from '@/lib/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/crypto/local-key-provider';
import { createDataExports } from '@/lib/jobs/create-data-exports';
import { withTenant } from '@/lib/tenancy/with-tenant';

const total = Number(process.argv[2] ?? 10_000);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'qm_bench_data_export';
const appRole = 'qm_bench_app';
const urlOf = (db: string, user?: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  if (user) url.username = user;
  return url.toString();
};

// The shares of the subject's records per kind; medical treatments are encrypted through the app's own path.
const shares = { activities: 0.35, messages: 0.2, comments: 0.1, notifications: 0.1, donations: 0.06, financial: 0.06, antidoping: 0.04, incidents: 0.04, medical: 0.05 };
const count = (kind: keyof typeof shares) => Math.round(total * shares[kind]);

const admin = postgres(urlOf('postgres'), { max: 1, onnotice: () => {} });
const [role] = await admin`select 1 from pg_roles where rolname = ${appRole}`;
if (!role) await admin.unsafe(`CREATE ROLE ${appRole} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
await admin.unsafe(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await admin.unsafe(`CREATE DATABASE ${database}`);
await admin.end();
await migratePostgres(urlOf(database), urlOf(database, appRole));

const owner = postgres(urlOf(database), { max: 1, onnotice: () => {} });
const appSql = postgres(urlOf(database, appRole), { max: 4, onnotice: () => {} });
const db = drizzle(appSql, { schema });
const encryption = createFieldEncryption(createKeyRing(createLocalKeyProvider(randomBytes(96))), 300);
const seedStarted = performance.now();
const [org] = await owner`insert into organisations (slug, name) values ('bench-export', 'Bench Sports Club') returning id`;
const orgId = org!.id as string;
const [person] = await owner`insert into persons (organisation_id, first_name, last_name, official_email) values (${orgId}, 'Zoë', 'Łukasiewicz', 'zoe@bench.example') returning id`;
const personId = person!.id as string;
const [user] = await owner`insert into users (organisation_id, person_id, idp_subject, email) values (${orgId}, ${personId}, 'bench-subject', 'zoe@bench.example') returning id`;
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
const { ctx } = createContext({ organisationId: orgId, user: null, now: new Date() });
await withTenant(db, orgId, async (tx) => {
  for (let i = 0; i < count('medical'); i++) {
    const diagnosis = await encryptField(tx, ctx, 'medicalTreatment.diagnosis', `Hamstring strain, grade ${1 + (i % 3)}`, encryption);
    await tx.insert(schema.medicalTreatments).values({ organisationId: orgId, personId, diagnosis, startedAt: new Date(Date.now() - i * 86_400_000) });
  }
});
await owner`vacuum analyze`;
const seeded = (await owner`select
  (select count(*) from activities) + (select count(*) from messages) + (select count(*) from activity_comments) + (select count(*) from notifications)
  + (select count(*) from donations) + (select count(*) from financial_transactions) + (select count(*) from antidoping_records)
  + (select count(*) from incident_reports) + (select count(*) from medical_treatments) as n`)[0]!.n;
console.log(`seeded ${seeded} records of one subject in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const rows: string[] = [];
for (const format of ['json', 'pdf'] as const) {
  await owner`insert into data_exports (organisation_id, requested_by_user_id, person_id, format) values (${orgId}, ${userId}, ${personId}, ${format})`;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const result = await createDataExports({ db, now: () => new Date(), runId: randomUUID(), linkTtlMs: 72 * 3_600_000, encryption, log: console });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [row] = await owner`select status, size_bytes, progress_done from data_exports where format = ${format} order by created_at desc limit 1`;
  if (result.created !== 1 || row!.status !== 'ready') throw new Error(`The ${format} export did not finish: ${JSON.stringify({ result, row })}`);
  rows.push(`| ${format.toUpperCase()} | ${row!.progress_done} | ${seconds.toFixed(1)} s | ${(Number(row!.size_bytes) / 1_048_576).toFixed(1)} MiB | ${(peakRss / 1_048_576).toFixed(0)} MiB |`);
}
console.log(`\nExport of one subject (${new Date().toISOString().slice(0, 10)}, ${total} records requested)\n`);
console.log('| Format | Records | Time | File (stored, encrypted) | Peak RSS |\n|---|---|---|---|---|');
for (const row of rows) console.log(row);
await owner.end();
await appSql.end();
