import { randomBytes } from 'node:crypto';
import type postgres from 'postgres';
import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

// Why this file looks the way it does: PostgreSQL switches a prepared statement to a generic plan after five
// executions when that looks cheap enough, and a generic plan cannot see how selective `search_text LIKE $2` is.
// Under row-level security there is a second trap: LIKE (textlike) is not LEAKPROOF, so the planner never uses it
// as an index condition below the tenant policy. The app therefore searches through app_search_asset_ids
// (migration 0005): it runs with the owner's rights, filters by the current tenant itself, and inlines the
// patterns as literals, so every search gets a custom plan on the trigram index. The file checks that the API
// answers a repeated search shape correctly, shows both traps on a plain prepared statement, and counts the
// index scans the app's search function makes in the app's own RLS context.

const ASSET_COUNT = 20_000;
const BATCH = 2_000;

let tenant: TestTenant;
let token: string;
let sample: { id: string; name: string; serialNumber: string }[];

// The app's query for one search word (drizzle renders the same shape; the column list does not change the plan).
const PREPARE = `prepare asset_search(uuid, text, int) as
  select id, name from assets where (organisation_id = $1 and search_text like lower($2))
  order by created_at desc, id desc limit $3`;

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Index Cond'?: string; 'Recheck Cond'?: string; Filter?: string; Plans?: PlanNode[] };

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

async function explain(tx: postgres.TransactionSql, organisationId: string, pattern: string): Promise<PlanNode[]> {
  const [row] = await tx.unsafe(`explain (format json) execute asset_search('${organisationId}', '${pattern}', 26)`);
  return nodes((row!['QUERY PLAN'] as { Plan: PlanNode }[])[0]!.Plan).map(({ Plans: _children, ...node }) => node);
}

const describePlan = (plan: PlanNode[]) => plan.map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Index Cond'] ?? n.Filter ?? ''}`.trim()).join(' | ');

const usesTrigramIndex = (plan: PlanNode[], term: string) =>
  plan.some((n) => n['Node Type'] === 'Bitmap Index Scan' && n['Index Name'] === 'assets_search_trgm_idx' && (n['Index Cond'] ?? '').includes(term));

beforeAll(async () => {
  tenant = await createTenant();
  token = await tenant.employee.token();
  const seeds = Array.from({ length: ASSET_COUNT }, (_, i) => ({ name: `Bulk ${randomBytes(6).toString('hex')}`, serialNumber: `SER-${i}-${randomBytes(3).toString('hex')}` }));
  const ids: string[] = [];
  for (let i = 0; i < seeds.length; i += BATCH) ids.push(...(await insertAssets(tenant, seeds.slice(i, i + BATCH))));
  sample = Array.from({ length: 8 }, (_, k) => {
    const i = k * 997;
    return { id: ids[i]!, name: seeds[i]!.name, serialNumber: seeds[i]!.serialNumber };
  });
  // VACUUM fills the GIN metapage statistics the planner costs trigram scans with; ANALYZE the selectivities.
  await ownerDb().unsafe('vacuum analyze assets');
}, 120_000);

describe('GET /api/v1/assets?q= repeated more than five times', () => {
  it('answers every run of one search shape with exactly the matching asset', async () => {
    for (const asset of sample) {
      const term = asset.name.slice('Bulk '.length).toUpperCase();
      const response = await call('GET', `/api/v1/assets?q=${term}`, { tenant: tenant.slug, token });
      expect(response.status, term).toBe(200);
      expect(response.body.data.map((a: { id: string }) => a.id), term).toEqual([asset.id]);
      expect(response.body.pagination, term).toEqual({ limit: 25, total: 1, nextCursor: null, hasMore: false });
    }
  });

  it('answers every run of a two-word shape with exactly the matching asset', async () => {
    for (const asset of sample) {
      const q = `${asset.serialNumber} ${asset.name.slice(-6)}`;
      const response = await call('GET', `/api/v1/assets?q=${encodeURIComponent(q)}`, { tenant: tenant.slug, token });
      expect(response.status, q).toBe(200);
      expect(response.body.data.map((a: { id: string }) => a.id), q).toEqual([asset.id]);
      const mismatched = await call('GET', `/api/v1/assets?q=${encodeURIComponent(`${asset.serialNumber} zzzz`)}`, { tenant: tenant.slug, token });
      expect(mismatched.body.pagination.total, q).toBe(0);
    }
  });
});

describe('plan of the search statement after six executions', () => {
  async function afterSixExecutions<T>(asApp: boolean, body: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
    return ownerDb().begin(async (tx) => {
      if (asApp) {
        // The request transaction's own context (lib/platform/tenancy/with-tenant.ts): RLS-bound role, tenant set locally.
        await tx`select set_config('role', 'quartermaster_app', true), set_config('app.organisation_id', ${tenant.id}, true)`;
      }
      await tx.unsafe(PREPARE);
      for (let i = 0; i < 6; i++) await tx.unsafe(`execute asset_search('${tenant.id}', '%${randomBytes(3).toString('hex')}%', 26)`);
      try {
        return await body(tx);
      } finally {
        await tx.unsafe('deallocate asset_search');
      }
    }) as Promise<T>;
  }

  it('keeps the trigram index for a selective term under force_custom_plan (owner connection, no RLS)', async () => {
    const term = sample[3]!.name.slice('Bulk '.length);
    await afterSixExecutions(false, async (tx) => {
      await tx`set local plan_cache_mode = force_generic_plan`;
      const generic = await explain(tx, tenant.id, `%${term}%`);
      // A generic plan is planned without the term: its conditions only reference parameters.
      expect(JSON.stringify(generic)).not.toContain(term);
      await tx`set local plan_cache_mode = force_custom_plan`;
      const custom = await explain(tx, tenant.id, `%${term}%`);
      expect(usesTrigramIndex(custom, term), describePlan(custom)).toBe(true);
    });
  });

  it('shows the RLS trap: as quartermaster_app a plain LIKE never reaches the trigram index', async () => {
    const term = sample[5]!.name.slice('Bulk '.length);
    await afterSixExecutions(true, async (tx) => {
      await tx`set local plan_cache_mode = force_custom_plan`;
      await tx`set local enable_seqscan = off`;
      const custom = await explain(tx, tenant.id, `%${term}%`);
      expect(usesTrigramIndex(custom, term), describePlan(custom)).toBe(false);
    });
  });

  it('serves the app’s search from the trigram index in the app’s RLS context (app_search_asset_ids)', async () => {
    const indexScans = async () => {
      const [row] = await ownerDb().begin(async (tx) => {
        await tx`set local stats_fetch_consistency = none`;
        return tx`select idx_scan::int as n from pg_stat_user_indexes where indexrelname = 'assets_search_trgm_idx'`;
      });
      return row!.n as number;
    };
    const before = await indexScans();
    const found = await ownerDb().begin(async (tx) => {
      await tx`select set_config('role', 'quartermaster_app', true), set_config('app.organisation_id', ${tenant.id}, true)`;
      const results: string[] = [];
      for (const asset of sample.slice(0, 7)) {
        const pattern = `%${asset.name.slice('Bulk '.length)}%`;
        const [row] = await tx`select array_agg(id) as ids from assets where id in (select app_search_asset_ids(array[${pattern}]::text[]))`;
        results.push(...(row!.ids as string[]));
      }
      await tx`select pg_stat_force_next_flush()`;
      return results;
    });
    expect(found).toEqual(sample.slice(0, 7).map((a) => a.id));
    expect(await indexScans()).toBeGreaterThanOrEqual(before + 7);
  });
});
