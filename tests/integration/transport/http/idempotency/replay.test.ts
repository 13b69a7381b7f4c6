import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../../support/factories';
import { day } from '../../../lending/loans/loan-helpers';
import { ageKey, loansOf, newKey, openStoredBody, post, requestLoanWithKey, storedKey } from './idempotency-helpers';

let tenant: TestTenant;
let employee: string;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
});

describe('POST /api/v1/loans with an Idempotency-Key: replays', () => {
  it('runs once and replays the stored answer (status, body, Location) with Idempotent-Replayed: true', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const first = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(first.status).toBe(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();

    const again = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(again.headers.location).toBe(first.headers.location);
    expect(again.headers['content-type']).toBe(first.headers['content-type']);
    expect(again.headers['cache-control']).toBe('no-store');
    // The answer of this request: its own request id and rate-limit headers.
    expect(again.headers['x-request-id']).not.toBe(first.headers['x-request-id']);
    expect(again.headers['x-ratelimit-limit']).toBeDefined();
    expect(await loansOf(assetId!)).toBe(1);
    const [audit] = await ownerDb()`select count(*)::int as n from audit_log where asset_id = ${assetId!} and action = 'LOAN_REQUESTED'`;
    expect(audit!.n).toBe(1);
  });

  it('keeps the answer encrypted, with the request it belongs to, for 24 hours', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const purpose = `Encrypted purpose ${key}`;
    const first = await requestLoanWithKey(tenant, employee, key, { assetId: assetId!, purpose });
    expect(first.status).toBe(201);
    const row = (await storedKey(tenant.id, tenant.employee.id, key))!;
    expect(row).toMatchObject({ request_method: 'POST', request_path: '/api/v1/loans', status: 'completed', response_status: 201 });
    expect(row.request_fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(row.response_headers).toEqual({ 'content-type': 'application/json; charset=utf-8', location: first.headers.location, 'cache-control': 'no-store' });
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBe(24 * 60 * 60 * 1000);
    expect(row.response_body!.includes(Buffer.from(purpose))).toBe(false);
    expect(await openStoredBody(tenant.id, row.response_body!)).toBe(first.text);
  });

  it('treats a body with the same meaning as the same request: key order and whitespace do not matter', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const json = { assetId, startDate: day(1), endDate: day(2), purpose: 'Same meaning' };
    const first = await post(tenant, employee, '/api/v1/loans', key, json);
    expect(first.status).toBe(201);
    const reordered = `{ "purpose" : "Same meaning",\n "endDate": "${day(2)}", "startDate": "${day(1)}", "assetId": "${assetId}" }`;
    const again = await call('POST', '/api/v1/loans', { tenant: tenant.slug, token: employee, body: reordered, headers: { 'content-type': 'application/json', 'idempotency-key': key } });
    expect(again.status).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.id).toBe(first.body.id);
    expect(await loansOf(assetId!)).toBe(1);
  });

  it('without a key, every POST runs: two loans', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    expect((await requestLoanWithKey(tenant, employee, null, { assetId: assetId! })).status).toBe(201);
    // The same request twice is a duplicate the caller confirms (LOAN_DUPLICATE_REQUEST otherwise).
    expect((await requestLoanWithKey(tenant, employee, null, { assetId: assetId!, allowDuplicate: true })).status).toBe(201);
    expect(await loansOf(assetId!)).toBe(2);
  });
});

describe('POST with an Idempotency-Key: a key belongs to one request', () => {
  it('the same key with another body is 422 IDEMPOTENCY_KEY_REUSED and runs nothing', async () => {
    const [assetId, otherAsset] = await insertAssets(tenant, [{}, {}]);
    const key = newKey();
    expect((await requestLoanWithKey(tenant, employee, key, { assetId: assetId! })).status).toBe(201);
    const before = await storedKey(tenant.id, tenant.employee.id, key);

    for (const input of [{ assetId: assetId!, purpose: 'Another purpose' }, { assetId: otherAsset! }]) {
      const reused = await requestLoanWithKey(tenant, employee, key, input);
      expectEnvelope(reused, 422, 'IDEMPOTENCY_KEY_REUSED');
      expect(reused.body.error.details).toEqual({ reason: 'different_body' });
      expect(reused.headers['idempotent-replayed']).toBeUndefined();
    }
    expect(await loansOf(assetId!)).toBe(1);
    expect(await loansOf(otherAsset!)).toBe(0);
    expect(await storedKey(tenant.id, tenant.employee.id, key)).toEqual(before);
  });

  it('the same key on another endpoint is 422 IDEMPOTENCY_KEY_REUSED (different_path)', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const loan = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(loan.status).toBe(201);
    const cancel = await post(tenant, employee, `/api/v1/loans/${loan.body.id}/cancel`, key);
    expectEnvelope(cancel, 422, 'IDEMPOTENCY_KEY_REUSED');
    expect(cancel.body.error.details).toEqual({ reason: 'different_path' });
    const [stored] = await ownerDb()`select status from loans where id = ${loan.body.id}`;
    expect(stored!.status).toBe('PENDING_APPROVAL');
  });

  it('the query string is part of the request: dryRun=true and dryRun=false under one key differ', async () => {
    const admin = await tenant.admin.token();
    const key = newKey();
    const dry = await post(tenant, admin, '/api/v1/retention/runs?dryRun=true', key);
    expect(dry.status).toBe(200);
    const replay = await post(tenant, admin, '/api/v1/retention/runs?dryRun=true', key);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.text).toBe(dry.text);
    expectEnvelope(await post(tenant, admin, '/api/v1/retention/runs?dryRun=false', key), 422, 'IDEMPOTENCY_KEY_REUSED');
    const [runs] = await ownerDb()`select count(*)::int as n from retention_runs where organisation_id = ${tenant.id}`;
    expect(runs!.n).toBe(1);
  });

  it('another user of the tenant with the same key is independent: two loans', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const colleague = await createUser(tenant.id, 'EMPLOYEE');
    const key = newKey();
    const mine = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    const theirs = await requestLoanWithKey(tenant, await colleague.token(), key, { assetId: assetId! });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.id).not.toBe(mine.body.id);
    expect(theirs.body.requesterId).toBe(colleague.id);
    expect(await loansOf(assetId!)).toBe(2);
  });

  it('a key used in another tenant is independent, and its answer never crosses over', async () => {
    const other = await createTenant();
    const [ours] = await insertAssets(tenant, [{}]);
    const [theirs] = await insertAssets(other, [{}]);
    const key = newKey();
    const inOther = await requestLoanWithKey(other, await other.employee.token(), key, { assetId: theirs! });
    expect(inOther.status).toBe(201);
    const here = await requestLoanWithKey(tenant, employee, key, { assetId: ours! });
    expect(here.status).toBe(201);
    expect(here.headers['idempotent-replayed']).toBeUndefined();
    expect(here.body.id).not.toBe(inOther.body.id);
    // The other tenant's asset stays out of reach (404), with or without keys.
    const crossing = await requestLoanWithKey(tenant, employee, newKey(), { assetId: theirs! });
    expectEnvelope(crossing, 404, 'ASSET_NOT_FOUND');
    expect(await loansOf(theirs!)).toBe(1);
    expect(await loansOf(ours!)).toBe(1);
  });

  it('is ignored on methods other than POST, even when it is invalid', async () => {
    const response = await call('GET', '/api/v1/loans', { tenant: tenant.slug, token: employee, headers: { 'idempotency-key': 'x'.repeat(300) } });
    expect(response.status).toBe(200);
    expect(response.headers['idempotent-replayed']).toBeUndefined();
  });
});

describe('POST with an Idempotency-Key: errors', () => {
  it('replays an error the request ended with (409 ASSET_UNAVAILABLE), even once the cause is gone', async () => {
    const [assetId] = await insertAssets(tenant, [{ status: 'MAINTENANCE' }]);
    const key = newKey();
    const first = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expectEnvelope(first, 409, 'ASSET_UNAVAILABLE');
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect((await storedKey(tenant.id, tenant.employee.id, key))!).toMatchObject({ status: 'completed', response_status: 409 });

    await ownerDb()`update assets set status = 'AVAILABLE' where id = ${assetId!}`;
    const again = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expectEnvelope(again, 409, 'ASSET_UNAVAILABLE');
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await loansOf(assetId!)).toBe(0);
    // A new key is a new request.
    expect((await requestLoanWithKey(tenant, employee, newKey(), { assetId: assetId! })).status).toBe(201);
  });

  it('replays a 404 and undoes nothing but the request’s own writes', async () => {
    const key = newKey();
    const missing = '00000000-0000-4000-8000-00000000abcd';
    const first = await requestLoanWithKey(tenant, employee, key, { assetId: missing });
    expectEnvelope(first, 404, 'ASSET_NOT_FOUND');
    const again = await requestLoanWithKey(tenant, employee, key, { assetId: missing });
    expect(again.status).toBe(404);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
  });

  it('keeps nothing for a request refused before it ran: schema validation (400), then the corrected body runs', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const invalid = await post(tenant, employee, '/api/v1/loans', key, { assetId, startDate: day(1), endDate: day(2) });
    expectEnvelope(invalid, 400, 'VALIDATION_ERROR');
    expect(await storedKey(tenant.id, tenant.employee.id, key)).toBeUndefined();
    const fixed = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(fixed.status).toBe(201);
    expect(fixed.headers['idempotent-replayed']).toBeUndefined();
  });

  it('keeps nothing for a role refusal (403): after a promotion the same key runs', async () => {
    const user = await createUser(tenant.id, 'EMPLOYEE');
    const key = newKey();
    const name = `Idempotent store ${key}`;
    expectEnvelope(await post(tenant, await user.token(), '/api/v1/locations', key, { name }), 403, 'FORBIDDEN');
    expect(await storedKey(tenant.id, user.id, key)).toBeUndefined();
    await ownerDb()`update users set role = 'ASSET_MANAGER' where id = ${user.id}`;
    const created = await post(tenant, await user.token(), '/api/v1/locations', key, { name });
    expect(created.status).toBe(201);
    expect(created.headers['idempotent-replayed']).toBeUndefined();
  });

  it.each([
    ['empty', '', 'empty'],
    ['longer than 255 characters', 'k'.repeat(256), 'too_long'],
    ['not printable ASCII (a tab)', 'a\tb', 'invalid_characters'],
    ['not ASCII', 'cl\u00e9', 'invalid_characters'],
  ])('an invalid key (%s) is 400 VALIDATION_ERROR and nothing runs', async (_name, key, reason) => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const response = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details).toMatchObject({ location: 'header', parameter: 'Idempotency-Key', reason });
    expect(response.text).not.toContain(key.length > 0 ? key : '\u0000');
    expect(await loansOf(assetId!)).toBe(0);
  });

  it('accepts the longest key, 255 printable characters', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = `${newKey()} ~!`.padEnd(255, '#');
    expect((await requestLoanWithKey(tenant, employee, key, { assetId: assetId! })).status).toBe(201);
    expect((await requestLoanWithKey(tenant, employee, key, { assetId: assetId! })).headers['idempotent-replayed']).toBe('true');
    expect(await loansOf(assetId!)).toBe(1);
  });
});

describe('POST with an Idempotency-Key: 24 hours', () => {
  it('a key whose 24 hours are over is a new key: another body runs instead of 422', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    expect((await requestLoanWithKey(tenant, employee, key, { assetId: assetId!, purpose: 'Day one' })).status).toBe(201);
    await ageKey(tenant.id, tenant.employee.id, key);
    const later = await requestLoanWithKey(tenant, employee, key, { assetId: assetId!, purpose: 'Two days later', allowDuplicate: true });
    expect(later.status).toBe(201);
    expect(later.headers['idempotent-replayed']).toBeUndefined();
    expect(later.body.purpose).toBe('Two days later');
    expect(await loansOf(assetId!)).toBe(2);
    const row = (await storedKey(tenant.id, tenant.employee.id, key))!;
    expect(row.expires_at.getTime()).toBeGreaterThan(Date.now());
    expect(await openStoredBody(tenant.id, row.response_body!)).toBe(later.text);
  });
});
