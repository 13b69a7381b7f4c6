import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { ApiResponse } from '../../../../support/api';
import { expectEnvelope } from '../../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../../support/factories';
import { keysOf, loansOf, newKey, requestLoanWithKey, storedKey } from './idempotency-helpers';

const DUPLICATES = 10;

let tenant: TestTenant;
let employee: string;
// A connection of its own that holds locks while the requests run; ownerDb() stays free for the checks.
let holder: postgres.Sql;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
  holder = postgres(inject('ownerDatabaseUrl'), { max: 1, onnotice: () => {} });
});

afterAll(async () => {
  await holder.end({ timeout: 5 });
});

async function blockedBy(pid: number, query: string): Promise<number[]> {
  const rows = await ownerDb()`select pid from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid)) and query ilike ${query}`;
  return rows.map((row) => row.pid as number);
}

async function waitFor<T>(what: string, probe: () => Promise<T | null>): Promise<T> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const found = await probe();
    if (found !== null) return found;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('concurrent duplicates of POST /api/v1/loans with one Idempotency-Key', () => {
  it(`${DUPLICATES} at once, all in flight together: one loan, ${DUPLICATES} identical answers, ${DUPLICATES - 1} marked as replays`, { timeout: 60_000 }, async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    let responses: Promise<ApiResponse[]> | undefined;
    // The asset's row lock holds the first request at its loan insert (the foreign key check), so every duplicate
    // arrives while the first is still running: the duplicates then wait on the key the first one wrote.
    await holder.begin(async (tx) => {
      await tx`select id from assets where id = ${assetId!} for update`;
      const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
      responses = Promise.all(Array.from({ length: DUPLICATES }, () => requestLoanWithKey(tenant, employee, key, { assetId: assetId! })));
      const first = await waitFor('the first request to wait on the asset', async () => (await blockedBy(pid, '%insert into "loans"%'))[0] ?? null);
      await waitFor(`${DUPLICATES - 1} duplicates to wait on the first`, async () => ((await blockedBy(first, '%insert into "idempotency_keys"%')).length === DUPLICATES - 1 ? true : null));
    });
    const answers = await responses!;

    expect(answers.map((r) => r.status)).toEqual(Array(DUPLICATES).fill(201));
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    expect(new Set(answers.map((r) => r.headers.location)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(DUPLICATES - 1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === undefined)).toHaveLength(1);
    expect(new Set(answers.map((r) => r.headers['x-request-id'])).size).toBe(DUPLICATES);

    expect(await loansOf(assetId!)).toBe(1);
    const loanId = answers[0]!.body.id as string;
    const [audit] = await ownerDb()`select count(*)::int as n from audit_log where target_id = ${loanId} and action = 'LOAN_REQUESTED'`;
    expect(audit!.n).toBe(1);
    const [outbox] = await ownerDb()`select count(*)::int as n from outbox where payload->>'loanId' = ${loanId}`;
    expect(outbox!.n).toBe(1);
    expect((await storedKey(tenant.id, tenant.employee.id, key))!).toMatchObject({ status: 'completed', response_status: 201 });
  });

  it(`${DUPLICATES} at once without any lock held: still one loan and identical answers`, { timeout: 60_000 }, async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const answers = await Promise.all(Array.from({ length: DUPLICATES }, () => requestLoanWithKey(tenant, employee, key, { assetId: assetId! })));
    expect(answers.map((r) => r.status)).toEqual(Array(DUPLICATES).fill(201));
    expect(new Set(answers.map((r) => r.text)).size).toBe(1);
    expect(answers.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(DUPLICATES - 1);
    expect(await loansOf(assetId!)).toBe(1);
  });

  it('a duplicate whose first request runs longer than the wait gets 409 IDEMPOTENCY_KEY_IN_USE; once it is gone, the key runs', { timeout: 60_000 }, async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    const keysBefore = await keysOf(tenant.id);
    let duplicate: Promise<ApiResponse> | undefined;
    let started = 0;
    // An uncommitted row for the key stands for a first request that is still running (and then fails).
    await holder
      .begin(async (tx) => {
        await tx`insert into idempotency_keys (organisation_id, user_id, key, request_method, request_path, request_fingerprint, expires_at)
          values (${tenant.id}, ${tenant.employee.id}, ${key}, 'POST', '/api/v1/loans', ${'0'.repeat(64)}, now() + interval '1 day')`;
        const [{ pid }] = (await tx`select pg_backend_pid() as pid`) as unknown as [{ pid: number }];
        started = Date.now();
        duplicate = requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
        await waitFor('the duplicate to wait on the key', async () => ((await blockedBy(pid, '%insert into "idempotency_keys"%')).length === 1 ? true : null));
        const response = await duplicate;
        expectEnvelope(response, 409, 'IDEMPOTENCY_KEY_IN_USE');
        expect(response.body.error.details).toEqual({ waitedSeconds: 5 });
        expect(Date.now() - started).toBeGreaterThanOrEqual(4_900);
        throw new Error('roll back the stand-in');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back the stand-in'));

    expect(await loansOf(assetId!)).toBe(0);
    expect(await keysOf(tenant.id)).toBe(keysBefore);
    const retry = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await loansOf(assetId!)).toBe(1);
  });
});
