/**
 * The retention run over one large tenant (spec 001, daily at 02:00 UTC): `npm run bench:retention [messages]
 * [activities]`. Builds its own database (qm_bench_retention), seeds 1,000,000 messages in 1,000 conversations
 * and 100,000 activities with comments in one tenant with set-based SQL, half of each past its retention period,
 * then times a dry run (previewRetention) and the real run (runRetention) as the RLS-bound app role. Prints the
 * duration, rows per second and the longest single batch transaction, which bounds how long any lock is held.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { migratePostgres } from '@/db/connect';
import * as schema from '@/db/schema';
import { runRetention } from '@/lib/privacy/retention/run-retention';

const messageCount = Number(process.argv[2] ?? 1_000_000);
const activityCount = Number(process.argv[3] ?? 100_000);
const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = 'qm_bench_retention';
const appRole = 'qm_bench_app';
const urlOf = (db: string, user?: string) => {
  const url = new URL(adminUrl);
  url.pathname = `/${db}`;
  if (user) url.username = user;
  return url.toString();
};

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
const asOf = new Date();

const seedStarted = performance.now();
const [org] = await owner`insert into organisations (slug, name, default_retention_days) values ('bench-retention', 'Bench Sports Club', 365) returning id`;
const orgId = org!.id as string;
await owner`insert into persons (organisation_id, first_name, last_name) select ${orgId}, 'Athlete', 'No. ' || i from generate_series(1, 1000) i`;
await owner`insert into conversations (organisation_id, kind, title) select ${orgId}, 'general', 'Thread ' || i from generate_series(1, 1000) i`;
// Even rows 400 days old (past the 365-day default), odd rows 100 days old (kept).
await owner`insert into messages (organisation_id, conversation_id, author_person_id, body, created_at)
  select ${orgId}, c.ids[1 + i % 1000], p.ids[1 + i % 1000], 'Message ' || i || ': see you at training.',
         ${asOf.toISOString()}::timestamptz - (case when i % 2 = 0 then 400 else 100 end || ' days')::interval - (i % 86400 || ' seconds')::interval
  from generate_series(1, ${messageCount}) i,
       (select array_agg(id) ids from conversations where organisation_id = ${orgId}) c,
       (select array_agg(id) ids from persons where organisation_id = ${orgId}) p`;
// Even rows trainings 8 years old (past 7 years), odd rows a mix of kept kinds and recent trainings.
await owner`insert into activities (organisation_id, type, person_id, title, occurred_at)
  select ${orgId},
         case when i % 2 = 0 then 'training' else (array['training','match_participation','mentoring_session','education_event']::activity_type[])[1 + (i / 2) % 4] end,
         p.ids[1 + i % 1000], 'Session ' || i,
         ${asOf.toISOString()}::timestamptz - (case when i % 2 = 0 then 8 * 365 else 30 end || ' days')::interval
  from generate_series(1, ${activityCount}) i, (select array_agg(id) ids from persons where organisation_id = ${orgId}) p`;
await owner`insert into activity_comments (organisation_id, activity_id, author_person_id, body)
  select a.organisation_id, a.id, a.person_id, 'Well played.' from activities a where a.organisation_id = ${orgId} and random() < 0.2`;
await owner`vacuum analyze`;
const seedSeconds = (performance.now() - seedStarted) / 1000;
const [seeded] = await owner`select (select count(*) from messages)::int as messages, (select count(*) from activities)::int as activities, (select count(*) from activity_comments)::int as comments`;
console.log(`seeded ${seeded!.messages.toLocaleString('en')} messages, ${seeded!.activities.toLocaleString('en')} activities, ${seeded!.comments.toLocaleString('en')} comments in ${seedSeconds.toFixed(1)} s`);

const noPersonsDue = async () => {
  throw new Error('no person is due in this benchmark');
};

let started = performance.now();
const dry = await runRetention(db, orgId, { asOf, dryRun: true, trigger: 'manual', privacy: noPersonsDue });
const drySeconds = (performance.now() - started) / 1000;
const due = dry.results.reduce((sum, r) => sum + r.count, 0);
console.log(`dry run: ${dry.status}, ${due.toLocaleString('en')} records due, ${drySeconds.toFixed(2)} s`);

const batches: { kind: string; count: number; ms: number }[] = [];
started = performance.now();
const run = await runRetention(db, orgId, { asOf, dryRun: false, trigger: 'manual', privacy: noPersonsDue, onBatch: (batch) => batches.push(batch) });
const seconds = (performance.now() - started) / 1000;
if (run.status !== 'succeeded') throw new Error(`the run failed: ${run.error}`);
const removed = run.results.reduce((sum, r) => sum + r.count, 0);
const longestOf = (list: typeof batches) => list.reduce((max, b) => (b.ms > max.ms ? b : max), { kind: '-', count: 0, ms: 0 });
const longest = longestOf(batches);
const longestRemoving = longestOf(batches.filter((b) => b.count > 0));
const sorted = batches.map((b) => b.ms).sort((a, b) => a - b);
const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
const sameAsDry = JSON.stringify(run.results) === JSON.stringify(dry.results);
const [left] = await owner`select (select count(*) from messages)::int as messages, (select count(*) from activities)::int as activities, (select count(*) from activity_comments)::int as comments`;

console.log(`real run: ${run.status}, ${removed.toLocaleString('en')} records removed in ${seconds.toFixed(1)} s (${Math.round(removed / seconds).toLocaleString('en')} rows/s), ${batches.length} batch transactions`);
console.log(`per kind: ${run.results.filter((r) => r.count > 0).map((r) => `${r.kind} ${r.count.toLocaleString('en')}`).join(', ')}; equal to the dry run: ${sameAsDry}`);
console.log(`batch transactions: median ${median.toFixed(0)} ms; longest ${longest.ms.toFixed(0)} ms (${longest.kind}, ${longest.count.toLocaleString('en')} rows); longest that removed rows ${longestRemoving.ms.toFixed(0)} ms (${longestRemoving.kind}, ${longestRemoving.count.toLocaleString('en')} rows)`);
console.log(`left: ${left!.messages.toLocaleString('en')} messages, ${left!.activities.toLocaleString('en')} activities, ${left!.comments.toLocaleString('en')} comments`);

await appSql.end();
await owner.end();
