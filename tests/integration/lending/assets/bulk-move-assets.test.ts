import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let managerToken: string;

const move = (json: unknown, token = managerToken, slug = tenant.slug) => call('POST', '/api/v1/assets/bulk-move', { tenant: slug, token, json });

async function newLocation(target: TestTenant, name = `Shelf ${randomUUID().slice(0, 8)}`): Promise<string> {
  const [row] = await ownerDb()`insert into locations (organisation_id, name) values (${target.id}, ${name}) returning id`;
  return row!.id as string;
}

async function locationsOf(ids: string[]): Promise<string[]> {
  const rows = await ownerDb()`select location_id from assets where id = any(${ids}::uuid[])`;
  return rows.map((row) => row.location_id as string);
}

async function movedAuditRows(ids: string[]) {
  return ownerDb()`select target_id, actor_user_id, changes, metadata from audit_log
    where action = 'ASSET_UPDATED' and target_id = any(${ids}::text[])`;
}

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  managerToken = await tenant.manager.token();
});

describe('POST /api/v1/assets/bulk-move', () => {
  it('moves 100 assets in one request and records 100 ASSET_UPDATED entries with the location before and after', async () => {
    const ids = await insertAssets(tenant, Array.from({ length: 100 }, (_, i) => ({ name: `Bulk ${i}` })));
    const target = await newLocation(tenant);
    const response = await move({ assetIds: ids, locationId: target });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ moved: 100 });
    expect(new Set(await locationsOf(ids))).toEqual(new Set([target]));
    const audit = await movedAuditRows(ids);
    expect(audit).toHaveLength(100);
    expect(new Set(audit.map((row) => row.target_id))).toEqual(new Set(ids));
    for (const row of audit) {
      expect(row.actor_user_id).toBe(tenant.manager.id);
      expect(row.changes).toEqual({ locationId: { before: tenant.locationId, after: target } });
    }
  });

  it('counts only assets whose location changes and audits only those', async () => {
    const target = await newLocation(tenant);
    const [already] = await insertAssets(tenant, [{ name: 'Already there' }]);
    await ownerDb()`update assets set location_id = ${target} where id = ${already!}`;
    const [moving] = await insertAssets(tenant, [{ name: 'Moving' }]);
    const response = await move({ assetIds: [already, moving, moving], locationId: target });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ moved: 1 });
    expect(await movedAuditRows([already!])).toHaveLength(0);
    expect(await movedAuditRows([moving!])).toHaveLength(1);
  });

  it.each([
    ['another tenant’s asset', async () => (await insertAssets(other, [{ name: 'Foreign' }]))[0]!],
    ['a deleted asset', async () => {
      const [id] = await insertAssets(tenant, [{ name: 'Deleted' }]);
      await ownerDb()`delete from assets where id = ${id!}`;
      return id!;
    }],
    ['an unknown id', async () => randomUUID()],
  ])('fails as a whole with 404 when the last id is %s: nothing moves, nothing is audited', async (_label, lastId) => {
    const ids = await insertAssets(tenant, Array.from({ length: 20 }, (_, i) => ({ name: `Midway ${i}` })));
    const bad = await lastId();
    const target = await newLocation(tenant);
    const response = await move({ assetIds: [...ids, bad], locationId: target });
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details.assetId).toBe(bad);
    expect(new Set(await locationsOf(ids))).toEqual(new Set([tenant.locationId]));
    expect(await movedAuditRows([...ids, bad])).toHaveLength(0);
  });

  it('refuses another tenant’s location with 400 and moves nothing', async () => {
    const ids = await insertAssets(tenant, [{ name: 'Stays' }]);
    const foreign = await newLocation(other);
    const response = await move({ assetIds: ids, locationId: foreign });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues[0].path).toBe('locationId');
    expect(await locationsOf(ids)).toEqual([tenant.locationId]);
  });

  it('validates the body: no ids, more than 500, malformed ids, missing location', async () => {
    const target = await newLocation(tenant);
    for (const body of [
      { assetIds: [], locationId: target },
      { assetIds: Array.from({ length: 501 }, () => randomUUID()), locationId: target },
      { assetIds: ['nope'], locationId: target },
      { assetIds: [randomUUID()] },
      { assetIds: [randomUUID()], locationId: target, extra: 1 },
    ]) {
      expectEnvelope(await move(body), 400, 'VALIDATION_ERROR');
    }
  });

  it('is ASSET_MANAGER and up: an employee gets 403 and nothing moves', async () => {
    const ids = await insertAssets(tenant, [{ name: 'Employee try' }]);
    const target = await newLocation(tenant);
    expectEnvelope(await move({ assetIds: ids, locationId: target }, await tenant.employee.token()), 403, 'FORBIDDEN');
    expect(await locationsOf(ids)).toEqual([tenant.locationId]);
    const admin = await move({ assetIds: ids, locationId: target }, await tenant.admin.token());
    expect(admin.status).toBe(200);
    expect(await locationsOf(ids)).toEqual([target]);
  });

  it('a token of another tenant is refused there', async () => {
    const ids = await insertAssets(tenant, [{ name: 'Cross' }]);
    const response = await move({ assetIds: ids, locationId: await newLocation(tenant) }, managerToken, other.slug);
    expect(response.status).toBe(401);
  });
});
