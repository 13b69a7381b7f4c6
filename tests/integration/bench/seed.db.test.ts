import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { CURVE_TENANTS, seedBenchData, seedShape } from '@/bench/seed';
import { databaseUrl, testDatabase } from '../../support/test-env';

// The benchmark's seed at a two-thousandth of its size: the same statements as the full million-asset set.
const options = { adminUrl: testDatabase.adminUrl, database: `${testDatabase.name}_bench`, appRole: 'qm_app_test', scale: 0.002 };
const shape = seedShape(options.scale);

afterAll(async () => {
  const admin = postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${options.database}" WITH (FORCE)`);
  await admin.end();
});

describe('bench/seed.ts', () => {
  it('seeds the tenants, the big tenant and consistent counters, then finds them in place on a second run', async () => {
    const first = await seedBenchData(options);
    expect(first.seeded).toBe(true);
    expect(first.counts.organisations).toBe(shape.tenants);
    expect(first.counts.bigAssets).toBe(shape.bigAssets);
    expect(first.counts.bigLoans).toBe(shape.bigAssets / 5);

    const sql = postgres(databaseUrl(options.adminUrl, options.database), { max: 1, onnotice: () => {} });
    try {
      const [consistency] = await sql`
        select count(*)::int as mismatches from (
          select organisation_id, status, category_id, location_id, count(*) as n from assets group by 1, 2, 3, 4
        ) real full join asset_counts c using (organisation_id, status, category_id, location_id)
        where coalesce(real.n, 0) <> coalesce(c.count, 0)`;
      expect(consistency!.mismatches).toBe(0);
      // A tenth of the big tenant is at the export location; active loans mark their assets as LOANED.
      const [exportSet] = await sql`
        select count(*)::int as n from assets a join locations l on l.id = a.location_id join organisations o on o.id = a.organisation_id
        where o.slug = 'bench-big' and l.name = 'Hamburg warehouse'`;
      expect(exportSet!.n).toBe(shape.bigAssets / 10);
      const [unmarked] = await sql`select count(*)::int as n from loans l join assets a on a.id = l.asset_id where l.status = 'ACTIVE' and a.status <> 'LOANED'`;
      expect(unmarked!.n).toBe(0);
      const [searchable] = await sql`select count(*)::int as n from assets where search_text like '%thinkpad%'`;
      expect(searchable!.n).toBeGreaterThan(0);
      // The cost curve's tenants, and the search's lexemes of every asset (migration 0045; triggers are off for the load).
      const curve = await sql`
        select o.slug, count(a.id)::int as n from organisations o join assets a on a.organisation_id = o.id
        where o.slug in ${sql(CURVE_TENANTS.map((t) => t.slug))} group by o.slug order by o.slug`;
      expect(curve).toEqual(CURVE_TENANTS.map((t, i) => ({ slug: t.slug, n: shape.curveAssets[i] })).sort((a, b) => a.slug.localeCompare(b.slug)));
      const [missing] = await sql`
        select count(*)::int as n from assets a cross join lateral unnest(tsvector_to_array(a.search_vector)) as w(lexeme)
        where not exists (select 1 from asset_search_lexemes l where l.organisation_id = a.organisation_id and l.lexeme = w.lexeme)`;
      expect(missing!.n).toBe(0);
    } finally {
      await sql.end();
    }

    const second = await seedBenchData(options);
    expect(second.seeded).toBe(false);
    expect(second.counts).toEqual(first.counts);
  });
});
