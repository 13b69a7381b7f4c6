/**
 * The benchmark's data set: 1,000 tenants, one of them ("bench-big") with 1,000,000 assets and 200,000 loans, two
 * with 100,000 and 10,000 assets (the cost curve), the rest small. Generated inside PostgreSQL with set-based INSERT … SELECT (no row crosses the wire), in one
 * transaction with a marker row, so a run either finds the finished set and does nothing or rebuilds it from an
 * empty database. `npm run bench:seed`; BENCH_SCALE=0.01 seeds a hundredth of it.
 */
import postgres from 'postgres';
import { migratePostgres } from '@/db/connect';
import { databaseUrl } from '@/tests/support/test-env';
import { CATEGORIES, CATEGORY_OF_TYPE, FIRST_NAMES, LAST_NAMES, LOCATIONS, PRODUCTS } from './catalogue';

/** Bump when the generated data changes, so an older set is rebuilt. */
const SEED_VERSION = 6;

export const BIG_TENANT = 'bench-big';
/** Tenants of a tenth and a hundredth of the big one's assets (100,000 and 10,000 at full scale): the cost curve. */
export const CURVE_TENANTS = [
  { slug: 'bench-10k', fraction: 0.01 },
  { slug: 'bench-100k', fraction: 0.1 },
] as const;
/** The big tenant's location holding exactly a tenth of its assets (100,000 at full scale), for the export runs. */
export const EXPORT_LOCATION = 'Hamburg warehouse';
/** The employee whose token drives the API (idp subject); the seed gives them ~40 loans. */
export const BENCH_EMPLOYEE_SUBJECT = 'bench-user-100';
/**
 * The employee who files the benchmark's loan requests: another than the reader, so the loans each run adds do not
 * grow the list GET /loans?userId=me reads (by the third run on one seed it held 23,000 loans instead of ~40).
 */
export const BENCH_WRITER_SUBJECT = 'bench-user-101';
/** An asset manager of the big tenant (every 250th user from the second is one), for the exports. */
export const BENCH_MANAGER_SUBJECT = 'bench-user-2';

export type SeedOptions = {
  /** Server URL as a superuser (database part ignored), e.g. postgres://postgres@127.0.0.1:5432/postgres. */
  adminUrl: string;
  database: string;
  /** Login role the app server connects as: no superuser, no BYPASSRLS. */
  appRole: string;
  /** 1 = the full set. */
  scale: number;
  log?: (line: string) => void;
};

export type SeedResult = {
  ownerUrl: string;
  appUrl: string;
  seeded: boolean;
  seconds: number;
  counts: { organisations: number; assets: number; loans: number; users: number; bigAssets: number; bigLoans: number };
};

export function seedShape(scale: number) {
  return {
    tenants: Math.max(4, Math.round(1000 * scale)),
    bigAssets: Math.max(1000, Math.round(1_000_000 * scale)),
    bigUsers: Math.max(250, Math.round(5000 * scale)),
    curveAssets: CURVE_TENANTS.map((t) => Math.max(100, Math.round(1_000_000 * scale * t.fraction))) as [number, number],
  };
}

const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function counts(sql: postgres.Sql): Promise<SeedResult['counts']> {
  const [row] = await sql<{ organisations: number; assets: number; loans: number; users: number; big_assets: number; big_loans: number }[]>`
    select (select count(*)::int from organisations) as organisations,
           (select count(*)::int from assets) as assets,
           (select count(*)::int from loans) as loans,
           (select count(*)::int from users) as users,
           (select count(*)::int from assets a join organisations o on o.id = a.organisation_id where o.slug = ${BIG_TENANT}) as big_assets,
           (select count(*)::int from loans l join organisations o on o.id = l.organisation_id where o.slug = ${BIG_TENANT}) as big_loans`;
  return { organisations: row!.organisations, assets: row!.assets, loans: row!.loans, users: row!.users, bigAssets: row!.big_assets, bigLoans: row!.big_loans };
}

async function markerMatches(ownerUrl: string, scale: number): Promise<boolean> {
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    const [table] = await sql`select to_regclass('public.bench_seed') as t`;
    if (!table?.t) return false;
    const [row] = await sql`select 1 from bench_seed where version = ${SEED_VERSION} and scale = ${scale}`;
    return Boolean(row);
  } catch {
    return false;
  } finally {
    await sql.end();
  }
}

export async function seedBenchData(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const started = performance.now();
  const ownerUrl = databaseUrl(options.adminUrl, options.database);
  const appUrl = databaseUrl(options.adminUrl, options.database, options.appRole);
  const admin = postgres(databaseUrl(options.adminUrl, 'postgres'), { max: 1, onnotice: () => {} });
  let fresh = false;
  try {
    const [role] = await admin`select 1 from pg_roles where rolname = ${options.appRole}`;
    if (!role) await admin.unsafe(`CREATE ROLE ${quoteIdent(options.appRole)} LOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE`);
    const [exists] = await admin`select 1 from pg_database where datname = ${options.database}`;
    if (exists && (await markerMatches(ownerUrl, options.scale))) {
      await migratePostgres(ownerUrl, appUrl);
      const sql = postgres(ownerUrl, { max: 1, onnotice: () => {} });
      try {
        return { ownerUrl, appUrl, seeded: false, seconds: (performance.now() - started) / 1000, counts: await counts(sql) };
      } finally {
        await sql.end();
      }
    }
    // Audit rows cannot be deleted (by design), so an unfinished or outdated set is rebuilt from a new database.
    if (exists) await admin.unsafe(`DROP DATABASE ${quoteIdent(options.database)} WITH (FORCE)`);
    await admin.unsafe(`CREATE DATABASE ${quoteIdent(options.database)}`);
    fresh = true;
  } finally {
    await admin.end();
  }

  if (fresh) log(`created database ${options.database}`);
  await migratePostgres(ownerUrl, appUrl);
  const sql = postgres(ownerUrl, { max: 1, onnotice: () => {} });
  try {
    await generate(sql, options.scale, log);
    log('vacuum analyze');
    await sql`vacuum analyze`;
    return { ownerUrl, appUrl, seeded: true, seconds: (performance.now() - started) / 1000, counts: await counts(sql) };
  } finally {
    await sql.end();
  }
}

async function generate(sql: postgres.Sql, scale: number, log: (line: string) => void): Promise<void> {
  const shape = seedShape(scale);
  const step = async (label: string, run: (tx: postgres.TransactionSql) => Promise<unknown>, tx: postgres.TransactionSql) => {
    const t = performance.now();
    const result = await run(tx);
    const rows = (result as { count?: number } | undefined)?.count;
    log(`  ${label}: ${rows === undefined ? '' : `${rows.toLocaleString('en')} rows, `}${((performance.now() - t) / 1000).toFixed(1)} s`);
  };

  // Cumulative weight ranges: product p is chosen for a hash h when lo <= h % total < hi.
  let total = 0;
  const products = PRODUCTS.map((p, index) => {
    const lo = total;
    total += p.weight;
    return { index, ...p, category: CATEGORY_OF_TYPE[p.type]!, lo, hi: total };
  });

  await sql.begin(async (tx) => {
    await tx`set local synchronous_commit = off`;
    await tx`set local maintenance_work_mem = '512MB'`;
    await tx`set local work_mem = '256MB'`;
    // The rows are generated consistent; per-row foreign-key triggers would triple the load time.
    await tx`set local session_replication_role = replica`;
    await tx`create temporary table seed_products (idx int, type text, manufacturer text, model text, category text, lo int, hi int) on commit drop`;
    await tx`insert into seed_products ${tx(products.map((p) => ({ idx: p.index, type: p.type, manufacturer: p.manufacturer, model: p.model, category: p.category, lo: p.lo, hi: p.hi })))}`;
    // One row per tenant: its size. The first is the big one; the rest have 20 to 500 assets.
    await tx`
      create temporary table seed_orgs on commit drop as
      select gen_random_uuid() as id, g as n,
             case when g = 1 then ${BIG_TENANT} when g = 2 then ${CURVE_TENANTS[1].slug} when g = 3 then ${CURVE_TENANTS[0].slug}
                  else 'bench-t' || lpad((g - 3)::text, 4, '0') end as slug,
             case when g = 1 then ${shape.bigAssets} when g = 2 then ${shape.curveAssets[1]} when g = 3 then ${shape.curveAssets[0]}
                  else 20 + abs(hashint4(g) % 481) end as n_assets,
             case when g = 1 then ${shape.bigUsers} when g <= 3 then 250 else 5 + abs(hashint4(g + 7) % 46) end as n_users
      from generate_series(1, ${shape.tenants}) g`;
    await tx`alter table seed_orgs add column n_loans int`;
    await tx`update seed_orgs set n_loans = n_assets / 5`;

    await step('organisations', (t) => t`
      insert into organisations (id, slug, name, plan_tier, custom_rate_limits, created_at)
      select id, slug,
             case when n = 1 then 'Bench Big Corporation' when n = 2 then 'Bench Hundred Thousand' when n = 3 then 'Bench Ten Thousand'
                  else 'Bench Tenant ' || (n - 3) end,
             (case when n <= 3 then 'ENTERPRISE' else (array['FREE','PRO_SMALL','PRO_STANDARD','PRO_PLUS'])[1 + n % 4] end)::plan_tier,
             -- The benchmark measures the server, not the limiter's refusals: the measured tenants have a contract limit.
             case when n <= 3 then '{"perMinute": 100000000, "perDay": 10000000000}'::jsonb end,
             now() - interval '6 years'
      from seed_orgs`, tx);
    await step('categories', (t) => t`
      insert into categories (organisation_id, name, description)
      select o.id, c.name, c.name || ' lent to staff'
      from seed_orgs o cross join unnest(${CATEGORIES as unknown as string[]}::text[]) as c(name)`, tx);
    await step('locations', (t) => t`
      insert into locations (organisation_id, name, address)
      select o.id, l.name, l.name || ', floor ' || (1 + l.ord % 5)
      from seed_orgs o cross join lateral unnest(${LOCATIONS}::text[]) with ordinality as l(name, ord)
      where l.ord <= case when o.n = 1 then ${LOCATIONS.length} else 2 + o.n % 4 end`, tx);
    await step('persons', (t) => t`
      insert into persons (organisation_id, first_name, last_name, official_email, created_at)
      select o.id,
             (${FIRST_NAMES}::text[])[1 + abs(hashint4(g * 31 + o.n) % ${FIRST_NAMES.length})],
             (${LAST_NAMES}::text[])[1 + abs(hashint4(g * 17 + o.n) % ${LAST_NAMES.length})],
             'user' || g || '@' || o.slug || '.example',
             now() - interval '5 years' + make_interval(secs => g)
      from seed_orgs o cross join lateral generate_series(1, o.n_users) g`, tx);
    // User g of a tenant is bench-user-<g>: 1 is the admin, every 250th an asset manager, the rest employees.
    await step('users', (t) => t`
      insert into users (organisation_id, person_id, idp_subject, email, role, created_at)
      select p.organisation_id, p.id, 'bench-user-' || split_part(split_part(p.official_email, '@', 1), 'user', 2), p.official_email,
             (case when p.official_email like 'user1@%' then 'ADMIN'
                   when split_part(split_part(p.official_email, '@', 1), 'user', 2)::int % 250 = 2 then 'ASSET_MANAGER'
                   else 'EMPLOYEE' end)::user_role,
             p.created_at
      from persons p`, tx);
    // Lookup tables by ordinal, so each generated row picks its references with an index probe (carrying arrays
    // of ids through the insert would copy them into every row).
    await tx`
      create temporary table seed_refs on commit drop as
      select o.n as org_n, 'user' as kind, row_number() over (partition by o.n order by u.created_at, u.id)::int as ord, u.id
      from seed_orgs o join users u on u.organisation_id = o.id
      union all
      select o.n, 'manager', row_number() over (partition by o.n order by u.created_at, u.id)::int, u.id
      from seed_orgs o join users u on u.organisation_id = o.id and u.role <> 'EMPLOYEE'
      union all
      select o.n, 'location', row_number() over (partition by o.n order by l.name = ${EXPORT_LOCATION} desc, l.name)::int, l.id
      from seed_orgs o join locations l on l.organisation_id = o.id`;
    await tx`create index on seed_refs (org_n, kind, ord)`;
    await tx`create temporary table seed_counts on commit drop as select org_n, kind, count(*)::int as n from seed_refs group by 1, 2`;
    await tx`create index on seed_counts (org_n, kind)`;
    await tx`create temporary table seed_categories on commit drop as select o.n as org_n, c.name, c.id from seed_orgs o join categories c on c.organisation_id = o.id`;
    await tx`create index on seed_categories (org_n, name)`;
    await tx`analyze seed_refs`;
    await tx`analyze seed_counts`;
    await tx`analyze seed_categories`;
    // Bulk loads build indexes once at the end instead of row by row (the trigram index above all).
    const deferred = await tx<{ name: string; def: string }[]>`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      where i.indrelid in ('assets'::regclass, 'loans'::regclass, 'audit_log'::regclass, 'outbox'::regclass)
        and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`;
    for (const index of deferred) await tx.unsafe(`drop index ${index.name}`);
    await step('assets', (t) => t`
      insert into assets (organisation_id, name, category_id, location_id, status, inventory_number, serial_number,
                          manufacturer, model, purchase_date, value, currency, supplier, warranty_months, owner_id, custom_fields,
                          created_at, updated_at)
      select o.id,
             p.manufacturer || ' ' || p.model || ' ' || p.type,
             (select c.id from seed_categories c where c.org_n = o.n and c.name = p.category),
             -- The big tenant's first tenth is at the export location, so exporting it is exactly 100,000 rows.
             (select r.id from seed_refs r where r.org_n = o.n and r.kind = 'location' and r.ord =
                case when o.n = 1 and g <= o.n_assets / 10 then 1
                     when o.n = 1 then 2 + abs(hashint8extended(g, 2) % (o.n_locations - 1))
                     else 1 + abs(hashint8extended(g, 2) % o.n_locations) end),
             (case when abs(hashint8extended(g, 3) % 100) < 4 then 'MAINTENANCE'
                   when abs(hashint8extended(g, 3) % 100) < 7 then 'RETIRED'
                   else 'AVAILABLE' end)::asset_status,
             'INV-' || lpad(g::text, 7, '0'),
             upper(substr(md5(o.id::text || g), 1, 4) || '-' || substr(md5(g::text || o.id::text), 1, 8)),
             p.manufacturer, p.model,
             (date '2019-01-01' + (g::bigint * 2191 / o.n_assets)::int),
             (50 + abs(hashint8extended(g, 4) % 300000) / 100.0)::numeric(14, 2),
             'EUR',
             (array['Bechtle AG', 'Cancom', 'Computacenter', 'Conrad Electronic', 'Würth', 'Amazon Business'])[1 + abs(hashint8extended(g, 5) % 6)],
             (array[12, 24, 36, 60])[1 + abs(hashint8extended(g, 6) % 4)],
             case when abs(hashint8extended(g, 7) % 10) < 3 then
               (select r.id from seed_refs r where r.org_n = o.n and r.kind = 'user' and r.ord = 1 + abs(hashint8extended(g, 8) % o.n_users)) end,
             case when p.type = 'Laptop' then jsonb_build_object('ramGb', (array[8, 16, 32, 64])[1 + abs(hashint8extended(g, 9) % 4)], 'os', (array['Windows 11', 'macOS', 'Ubuntu'])[1 + abs(hashint8extended(g, 10) % 3)])
                  else '{}'::jsonb end,
             -- Assets arrive over five years, in inventory order; the newest is first in the default list order.
             timestamptz '2020-01-01' + make_interval(secs => (g::double precision * (5 * 365 * 86400) / o.n_assets)),
             timestamptz '2020-01-01' + make_interval(secs => (g::double precision * (5 * 365 * 86400) / o.n_assets))
      from (select so.*, (select n from seed_counts where org_n = so.n and kind = 'location') as n_locations from seed_orgs so) o
      cross join lateral generate_series(1, o.n_assets) g
      cross join lateral (select * from seed_products sp
                          where abs(hashint8extended(g + o.n * 7919, 1) % ${total}) >= sp.lo and abs(hashint8extended(g + o.n * 7919, 1) % ${total}) < sp.hi) p`, tx);
    // The search's lexeme table (migration 0045) is kept by triggers, which are off for the load.
    await step('search lexemes', (t) => t`
      insert into asset_search_lexemes (organisation_id, lexeme)
      select distinct organisation_id, unnest(tsvector_to_array(search_vector)) from assets`, tx);
    await step('asset indexes', async (t) => {
      for (const index of deferred.filter((i) => i.def.includes(' ON public.assets '))) await t.unsafe(index.def);
    }, tx);
    // Loan k is on asset 5k, so no two seeded loans share an asset: the approved and active ones never overlap.
    await tx`
      create temporary table seed_loans on commit drop as
      select o.id as organisation_id, o.n as org_n, k, a.id as asset_id,
             (select r.id from seed_refs r where r.org_n = o.n and r.kind = 'user' and r.ord = 1 + abs(hashint8extended(k, 11) % o.n_users)) as requester_id,
             (select r.id from seed_refs r where r.org_n = o.n and r.kind = 'manager' and r.ord = 1 + abs(hashint8extended(k, 12) % o.n_managers)) as approver_id,
             abs(hashint8extended(k + o.n, 13) % 100)::int as roll,
             abs(hashint8extended(k, 14) % 900)::int as back,
             (1 + abs(hashint8extended(k, 15) % 14))::int as days
      from (select so.*, (select n from seed_counts where org_n = so.n and kind = 'manager') as n_managers from seed_orgs so) o
      cross join lateral generate_series(1, o.n_loans) k
      join assets a on a.organisation_id = o.id and a.inventory_number = 'INV-' || lpad((k * 5)::text, 7, '0')`;
    await step('loans', (t) => t`
      insert into loans (organisation_id, asset_id, requester_id, approver_id, decided_by_id, status, start_date, end_date, purpose,
                         rejection_reason, decided_at, picked_up_at, returned_at, cancelled_at, created_at, updated_at)
      select s.organisation_id, s.asset_id, s.requester_id, s.approver_id,
             case when st.status in ('PENDING_APPROVAL', 'CANCELLED') then null else s.approver_id end,
             st.status::loan_status, st.start_date, st.start_date + s.days, st.purpose,
             case when st.status = 'REJECTED' then 'Needed elsewhere that week' end,
             case when st.status not in ('PENDING_APPROVAL', 'CANCELLED') then st.created + interval '4 hours' end,
             case when st.status in ('ACTIVE', 'RETURNED') then st.start_date + time '09:00' end,
             case when st.status = 'RETURNED' then (st.start_date + s.days) + time '16:00' end,
             case when st.status = 'CANCELLED' then st.created + interval '1 day' end,
             st.created, st.created
      from seed_loans s
      cross join lateral (
        select status, start_date, purpose, (start_date - 3 - (s.k % 20))::timestamptz as created from (values (
          case when s.roll < 70 then 'RETURNED' when s.roll < 78 then 'ACTIVE' when s.roll < 86 then 'APPROVED'
               when s.roll < 92 then 'PENDING_APPROVAL' when s.roll < 96 then 'CANCELLED' else 'REJECTED' end,
          case when s.roll < 70 or s.roll >= 92 then current_date - 20 - s.back::int
               when s.roll < 78 then current_date - (s.k % 5)::int
               else current_date + 3 + (s.k % 60)::int end,
          (array['Customer visit', 'Trade fair', 'Home office', 'Project work', 'Training', 'Replacement while in repair'])[1 + s.k % 6]
        )) v(status, start_date, purpose)
      ) st`, tx);
    await step('assets on loan', (t) => t`
      update assets a set status = 'LOANED' from loans l
      where l.organisation_id = a.organisation_id and l.asset_id = a.id and l.status = 'ACTIVE'`, tx);
    await step('audit entries', (t) => t`
      insert into audit_log (organisation_id, occurred_at, actor_type, actor_user_id, action, target_type, target_id, asset_id, changes, metadata)
      select organisation_id, created_at, 'USER', requester_id, 'LOAN_REQUESTED', 'LOAN', id::text, asset_id,
             jsonb_build_object('status', jsonb_build_object('before', null, 'after', 'PENDING_APPROVAL'),
                                'startDate', jsonb_build_object('before', null, 'after', start_date),
                                'endDate', jsonb_build_object('before', null, 'after', end_date)),
             '{}'::jsonb
      from loans`, tx);
    await step('outbox (delivered)', (t) => t`
      insert into outbox (organisation_id, kind, idempotency_key, payload, status, attempts, next_attempt_at, delivered_via, sent_at, created_at)
      select organisation_id, 'email.loan_request_filed', 'loan-request-filed:' || id, jsonb_build_object('loanId', id), 'SENT', 1, created_at, 'outbox', created_at, created_at
      from loans`, tx);
    // Triggers were off for the load (session_replication_role); asset_counts is rebuilt from the rows.
    await step('asset counts', (t) => t`
      insert into asset_counts (organisation_id, status, category_id, location_id, count)
      select organisation_id, status, category_id, location_id, count(*) from assets group by 1, 2, 3, 4`, tx);
    await step('other indexes', async (t) => {
      for (const index of deferred.filter((i) => !i.def.includes(' ON public.assets '))) await t.unsafe(index.def);
    }, tx);
    await tx`create table if not exists bench_seed (version int not null, scale double precision not null, seeded_at timestamptz not null default now(), primary key (version, scale))`;
    await tx`insert into bench_seed (version, scale) values (${SEED_VERSION}, ${scale})`;
  });
}

const isMain = import.meta.url === `file://${process.argv[1]}`;
if (isMain) {
  const scale = Number(process.env.BENCH_SCALE ?? 1);
  const result = await seedBenchData({
    adminUrl: process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    database: process.env.BENCH_DATABASE ?? 'quartermaster_bench',
    appRole: 'qm_app_bench',
    scale,
    log: (line) => console.log(line),
  });
  console.log(`${result.seeded ? 'seeded' : 'already seeded'} in ${result.seconds.toFixed(1)} s:`, result.counts);
}
