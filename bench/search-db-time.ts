/**
 * Database time of the three benchmark searches alone (`npm run bench:search-db`): no server, no wrk, no pgbench.
 * The same steps as `npm run bench` rows search-rare, search-common and search-three: the statements the list's
 * lib/ call makes are captured in the big tenant's RLS context, then replayed under EXPLAIN ANALYZE as prepared
 * statements (bench/lib/explain.ts). Seeds first if needed (BENCH_DATABASE, BENCH_SCALE as for the bench).
 */
import postgres from 'postgres';
import { listAssets } from '@/lib/lending/assets/list-assets';
import { ListAssetsQuery } from '@/lib/lending/assets/schemas';
import type { TenantOrganisation } from '@/lib/platform/core/context';
import { captureStatements } from './lib/capture';
import { measureDbTime } from './lib/explain';
import { BENCH_EMPLOYEE_SUBJECT, BIG_TENANT, seedBenchData } from './seed';

const adminUrl = process.env.BENCH_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const database = process.env.BENCH_DATABASE ?? 'quartermaster_bench';
const runs = Number(process.env.BENCH_EXPLAIN_RUNS ?? 30);
const searches = [
  ['hasselblad', 'rare'],
  ['laptop', 'common'],
  ['canon eos r5', 'three words'],
] as const;

const seed = await seedBenchData({ adminUrl, database, appRole: 'qm_app_bench', scale: Number(process.env.BENCH_SCALE ?? 1), log: (line) => console.log(`[seed] ${line}`) });
const owner = postgres(seed.ownerUrl, { max: 1, onnotice: () => {} });
/** BENCH_TENANT=bench-10k or bench-100k measures a tenant of the cost curve instead of the big one. */
const tenantSlug = process.env.BENCH_TENANT ?? BIG_TENANT;
const [org] = await owner<{ id: string; slug: string; name: string; plan_tier: TenantOrganisation['planTier']; custom_rate_limits: TenantOrganisation['customRateLimits']; custom_domain: string | null }[]>`
  select id, slug, name, plan_tier, custom_rate_limits, custom_domain from organisations where slug = ${tenantSlug}`;
await owner.end();
if (!org) throw new Error(`the tenant ${tenantSlug} is missing`);
const organisation: TenantOrganisation = { id: org.id, slug: org.slug, name: org.name, planTier: org.plan_tier, customRateLimits: org.custom_rate_limits, customDomain: org.custom_domain };

console.log('| q | total | estimate | statements | runs | DB p50 ms | DB p99 ms | generic plan seen | slowest statement |');
console.log('|---|---:|---|---:|---:|---:|---:|---|---|');
for (const [q, kind] of searches) {
  const { statements, result } = await captureStatements({ appUrl: seed.appUrl, organisation, subject: BENCH_EMPLOYEE_SUBJECT, run: (tx, ctx) => listAssets(tx, ctx, ListAssetsQuery.parse({ q })) });
  const { pagination } = result as Awaited<ReturnType<typeof listAssets>>;
  const db = await measureDbTime(seed.appUrl, { statements }, runs);
  const slowest = db.slowest.replace(/\s+/g, ' ').slice(0, 90);
  console.log(`| ${q} (${kind}) | ${pagination.total.toLocaleString('en')} | ${pagination.totalIsEstimate ? 'yes' : 'no'} | ${statements.length} | ${db.runs} | ${db.p50Ms.toFixed(2)} | ${db.p99Ms.toFixed(2)} | ${db.genericPlan ? 'yes' : 'no'} | \`${slowest}\` |`);
}
