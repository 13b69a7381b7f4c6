import { beforeAll, describe, expect, it } from 'vitest';
import { purgeIdempotencyKeys } from '@/lib/transport/jobs/purge-idempotency-keys';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../../support/factories';
import { jobDb } from '../../../../support/job-db';
import { ageKey, newKey, requestLoanWithKey, storedKey } from './idempotency-helpers';

let tenant: TestTenant;
let employee: string;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
});

async function useKey(token: string, key: string): Promise<void> {
  const [assetId] = await insertAssets(tenant, [{}]);
  const response = await requestLoanWithKey(tenant, token, key, { assetId: assetId! });
  expect(response.status).toBe(201);
}

describe('the purge-idempotency-keys job', () => {
  it('deletes the keys whose 24 hours are over, of every tenant, and keeps the others', async () => {
    const other = await createTenant();
    const [expired, live] = [newKey(), newKey()];
    const foreign = newKey();
    await useKey(employee, expired);
    await useKey(employee, live);
    const [theirAsset] = await insertAssets(other, [{}]);
    expect((await requestLoanWithKey(other, await other.employee.token(), foreign, { assetId: theirAsset! })).status).toBe(201);
    await ageKey(tenant.id, tenant.employee.id, expired);
    await ageKey(other.id, other.employee.id, foreign);

    const { purged } = await purgeIdempotencyKeys({ db: jobDb(), now: () => new Date() });

    expect(purged).toBeGreaterThanOrEqual(2);
    expect(await storedKey(tenant.id, tenant.employee.id, expired)).toBeUndefined();
    expect(await storedKey(other.id, other.employee.id, foreign)).toBeUndefined();
    expect(await storedKey(tenant.id, tenant.employee.id, live)).toMatchObject({ status: 'completed' });
  });

  it('deletes a key at its expiry instant and not a millisecond before', async () => {
    const key = newKey();
    await useKey(employee, key);
    const { expires_at: expiresAt } = (await storedKey(tenant.id, tenant.employee.id, key))!;

    await purgeIdempotencyKeys({ db: jobDb(), now: () => new Date(expiresAt.getTime() - 1) });
    expect(await storedKey(tenant.id, tenant.employee.id, key)).toBeDefined();
    await ageKey(tenant.id, tenant.employee.id, key);
    const [aged] = await ownerDb()`select expires_at from idempotency_keys where organisation_id = ${tenant.id} and key = ${key}`;
    await purgeIdempotencyKeys({ db: jobDb(), now: () => aged!.expires_at as Date });
    expect(await storedKey(tenant.id, tenant.employee.id, key)).toBeUndefined();
  });
});

describe('anonymising a person', () => {
  it('drops the keys of their accounts at once, and no one else’s', async () => {
    const leaver = await createUser(tenant.id, 'EMPLOYEE');
    const [theirs, mine] = [newKey(), newKey()];
    await useKey(await leaver.token(), theirs);
    await useKey(employee, mine);
    const [{ person_id: personId }] = (await ownerDb()`select person_id from users where id = ${leaver.id}`) as unknown as [{ person_id: string }];

    await ownerDb()`update persons set deleted_at = now(), anonymized_at = now() where id = ${personId}`;

    expect(await storedKey(tenant.id, leaver.id, theirs)).toBeUndefined();
    expect(await storedKey(tenant.id, tenant.employee.id, mine)).toMatchObject({ status: 'completed' });
  });
});
