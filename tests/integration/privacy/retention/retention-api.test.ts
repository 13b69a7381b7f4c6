import { beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_POLICY } from '@/lib/privacy/retention/policy';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createActivity, createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { exists, yearsBefore } from './retention-helpers';

const api = async (tenant: TestTenant, method: string, path: string, token?: string): Promise<ApiResponse> => call(method, path, { tenant: tenant.slug, token });

async function waitForRun(tenant: TestTenant, token: string, id: string): Promise<ApiResponse> {
  for (let i = 0; i < 100; i++) {
    const res = await api(tenant, 'GET', `/api/v1/retention/runs/${id}`, token);
    if (res.body?.status !== 'running') return res;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the retention run did not finish');
}

describe('the retention API (ADMIN only)', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let admin: string;
  let employee: string;

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    [admin, employee] = await Promise.all([tenant.admin.token(), tenant.employee.token()]);
  });

  it('GET /retention/policy answers the policy table to an ADMIN, 403 to an employee, 401 without a token', async () => {
    const res = await api(tenant, 'GET', '/api/v1/retention/policy', admin);
    expect(res.status).toBe(200);
    expect(res.body.data.map((r: { kind: string }) => r.kind)).toEqual(RETENTION_POLICY.map((r) => r.kind));
    expect(res.body.data.find((r: { kind: string }) => r.kind === 'person')).toMatchObject({ action: 'anonymise', periodText: '3 years', anchor: 'deleted_at', period: { unit: 'years', years: 3 } });
    expect(res.body.data.find((r: { kind: string }) => r.kind === 'audit_log').periodText).toBe('7 years (2,557 days)');
    await ownerDb()`update organisations set default_retention_days = 90 where id = ${tenant.id}`;
    const tenantDays = await api(tenant, 'GET', '/api/v1/retention/policy', admin);
    expect(tenantDays.body.data.find((r: { kind: string }) => r.kind === 'message').periodText).toBe("90 days (the organisation's default; a conversation may set its own, shorter or longer)");
    expectEnvelope(await api(tenant, 'GET', '/api/v1/retention/policy', employee), 403, 'FORBIDDEN');
    expectEnvelope(await api(tenant, 'GET', '/api/v1/retention/policy'), 401, 'UNAUTHENTICATED');
  });

  it('a dry run answers 200 with the counts, records itself and changes nothing', async () => {
    const training = await createActivity(tenant.id, { type: 'training', occurred_at: yearsBefore(new Date(), 7, -2), ended_at: null });
    const res = await api(tenant, 'POST', '/api/v1/retention/runs?dryRun=true', admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, trigger: 'manual', status: 'succeeded', requestedByUserId: tenant.admin.id, error: null });
    expect(res.body.results.find((r: { kind: string }) => r.kind === 'training')).toEqual({ kind: 'training', action: 'delete', count: 1 });
    expect(await exists('activities', training)).toBe(true);
    const [stored] = await ownerDb()`select dry_run, status, results from retention_runs where id = ${res.body.id}`;
    expect(stored).toMatchObject({ dry_run: true, status: 'succeeded', results: res.body.results });
    const audit = await ownerDb()`select action from audit_log where organisation_id = ${tenant.id} and target_id = ${res.body.id}`;
    expect(audit).toEqual([]);
  });

  it('a real run answers 202 with its Location, runs after the answer, and is audited', async () => {
    const training = await createActivity(tenant.id, { type: 'training', occurred_at: yearsBefore(new Date(), 7, -3), ended_at: null });
    const res = await api(tenant, 'POST', '/api/v1/retention/runs?dryRun=false', admin);
    expect(res.status).toBe(202);
    expect(res.headers.location).toBe(`/api/v1/retention/runs/${res.body.id}`);
    expect(res.body).toMatchObject({ dryRun: false, trigger: 'manual', status: 'running', finishedAt: null });
    const done = await waitForRun(tenant, admin, res.body.id);
    expect(done.status).toBe(200);
    expect(done.body.status).toBe('succeeded');
    expect(done.body.results.find((r: { kind: string }) => r.kind === 'training').count).toBeGreaterThanOrEqual(1);
    expect(await exists('activities', training)).toBe(false);
    const audit = await ownerDb()`select action, actor_user_id from audit_log where organisation_id = ${tenant.id} and target_id = ${res.body.id} order by id`;
    expect(audit[0]).toEqual({ action: 'RETENTION_RUN_STARTED', actor_user_id: tenant.admin.id });
    expect(audit.map((a) => a.action)).toContain('RETENTION_RUN_COMPLETED');
  });

  it('refuses employees, bad input, and a second real run while one is running', async () => {
    const before = await ownerDb()`select count(*)::int as n from retention_runs where organisation_id = ${tenant.id}`;
    expectEnvelope(await api(tenant, 'POST', '/api/v1/retention/runs?dryRun=true', employee), 403, 'FORBIDDEN');
    expectEnvelope(await api(tenant, 'POST', '/api/v1/retention/runs', admin), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api(tenant, 'POST', '/api/v1/retention/runs?dryRun=maybe', admin), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api(tenant, 'GET', '/api/v1/retention/runs/not-a-uuid', admin), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api(tenant, 'GET', '/api/v1/retention/runs?limit=0', admin), 400, 'VALIDATION_ERROR');
    expect(await ownerDb()`select count(*)::int as n from retention_runs where organisation_id = ${tenant.id}`).toEqual(before);

    const busy = await createTenant();
    const [running] = await ownerDb()`insert into retention_runs (organisation_id, dry_run, trigger, as_of) values (${busy.id}, false, 'schedule', now()) returning id`;
    const res = await call('POST', '/api/v1/retention/runs?dryRun=false', { tenant: busy.slug, token: await busy.admin.token() });
    expectEnvelope(res, 409, 'RETENTION_RUN_IN_PROGRESS');
    expect(res.body.error.details).toEqual({ runId: running!.id });
  });

  it('lists runs newest first in pages, and another tenant’s run is a 404', async () => {
    const first = await api(tenant, 'GET', '/api/v1/retention/runs?limit=1', admin);
    expect(first.status).toBe(200);
    expect(first.body.pagination).toMatchObject({ limit: 1, total: 2, hasMore: true });
    const second = await api(tenant, 'GET', `/api/v1/retention/runs?limit=1&cursor=${first.body.pagination.nextCursor}`, admin);
    expect(second.body.pagination.hasMore).toBe(false);
    expect([first.body.data[0].dryRun, second.body.data[0].dryRun]).toEqual([false, true]);
    expectEnvelope(await api(tenant, 'GET', '/api/v1/retention/runs?cursor=bogus', admin), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api(other, 'GET', `/api/v1/retention/runs/${first.body.data[0].id}`, await other.admin.token()), 404, 'RETENTION_RUN_NOT_FOUND');
    expectEnvelope(await api(tenant, 'GET', '/api/v1/retention/runs', employee), 403, 'FORBIDDEN');
  });
});
