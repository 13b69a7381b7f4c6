import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let managerToken: string;

beforeAll(async () => {
  tenant = await createTenant();
  managerToken = await tenant.manager.token();
});

describe('PATCH /api/v1/assets/{id} racing another writer for one inventory number', () => {
  it('answers 409 INVENTORY_NUMBER_CONFLICT when the unique index, not the pre-check, catches the duplicate', async () => {
    const [assetId] = await insertAssets(tenant, [{ name: 'Racer', inventoryNumber: 'RACE-OWN' }]);
    let patch: ReturnType<typeof call> | undefined;
    // The competing row is inserted but not yet committed: the PATCH's pre-check cannot see it, so its UPDATE
    // waits on the unique index and fails when the competitor commits — the window a real race opens.
    await ownerDb().begin(async (tx) => {
      await tx`insert into assets (organisation_id, name, category_id, location_id, inventory_number, custom_fields)
        values (${tenant.id}, 'Competitor', ${tenant.categoryId}, ${tenant.locationId}, 'RACE-1', ${tx.json({ ramGb: 8 })})`;
      const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
      patch = call('PATCH', `/api/v1/assets/${assetId}`, { tenant: tenant.slug, token: managerToken, json: { inventoryNumber: 'RACE-1', name: 'Racer renamed' } });
      await waitUntilBlockedBy(pid);
    });
    const response = await patch!;
    expectEnvelope(response, 409, 'INVENTORY_NUMBER_CONFLICT');
    expect(response.body.error.details).toEqual({ inventoryNumber: 'RACE-1' });
    const [stored] = await ownerDb()`select name, inventory_number from assets where id = ${assetId!}`;
    expect(stored).toEqual({ name: 'Racer', inventory_number: 'RACE-OWN' });
    const audit = await ownerDb()`select count(*)::int as n from audit_log where asset_id = ${assetId!}`;
    expect(audit[0]!.n).toBe(0);
  });
});

/** Until the app's UPDATE waits on the competitor's transaction (or a generous deadline passes). */
async function waitUntilBlockedBy(blockerPid: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const [row] = await ownerDb()`select count(*)::int as n from pg_stat_activity
      where ${blockerPid} = any(pg_blocking_pids(pid)) and query ilike 'update "assets"%'`;
    if (row!.n > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('The PATCH never waited on the competing insert.');
}
