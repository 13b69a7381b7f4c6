import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, requestLoan, setPolicy, snapshotLoan, storedAuditActions } from './loan-helpers';

let tenant: TestTenant;
let employee: string;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
});

async function storedFor(assetId: string): Promise<{ loans: number; outbox: number }> {
  const [loans] = await ownerDb()`select count(*)::int as n from loans where asset_id = ${assetId}`;
  const [outbox] = await ownerDb()`select count(*)::int as n from outbox o join loans l on l.id::text = o.payload->'data'->>'loanId' where l.asset_id = ${assetId}`;
  return { loans: loans!.n, outbox: outbox!.n };
}

describe('POST /api/v1/loans: validation (400) stores nothing', () => {
  it.each([
    ['a start in the past', { startDate: day(-1), endDate: day(1) }, 'startDate', 'in_past'],
    ['a loan longer than maxLoanDays (31 > 30 days)', { startDate: day(0), endDate: day(30) }, 'endDate', 'too_long'],
    ['a start beyond maxAdvanceBookingDays (91 > 90)', { startDate: day(91), endDate: day(92) }, 'startDate', 'too_far_ahead'],
  ])('%s', async (_name, dates, path, code) => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const response = await requestLoan(tenant, employee, { assetId: assetId!, ...dates });
    expectEnvelope(response, 400, 'VALIDATION_ERROR');
    expect(response.body.error.details.issues).toEqual([expect.objectContaining({ path, code })]);
    expect(response.body.error.details.policy).toEqual({ maxLoanDays: 30, maxAdvanceBookingDays: 90 });
    expect(await storedFor(assetId!)).toEqual({ loans: 0, outbox: 0 });
  });

  it('accepts the limits themselves: 30 days, starting 90 days ahead', async () => {
    const [first, second] = await insertAssets(tenant, [{}, {}]);
    expect((await requestLoan(tenant, employee, { assetId: first!, startDate: day(0), endDate: day(29) })).status).toBe(201);
    expect((await requestLoan(tenant, employee, { assetId: second!, startDate: day(90), endDate: day(90) })).status).toBe(201);
  });

  it('refuses malformed bodies', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const bodies = [
      { assetId, startDate: day(2), endDate: day(1), purpose: 'x' },
      { assetId, startDate: day(0), endDate: day(1), purpose: 'x', priority: 'high' },
      { assetId, startDate: day(0), endDate: day(1) },
      { assetId, startDate: day(0), endDate: day(1), purpose: '   ' },
      { assetId, startDate: '2030-02-30', endDate: '2030-03-01', purpose: 'x' },
      { assetId, startDate: 'tomorrow', endDate: day(1), purpose: 'x' },
      { assetId: 'laptop-1', startDate: day(0), endDate: day(1), purpose: 'x' },
      [],
    ];
    for (const json of bodies) {
      expectEnvelope(await call('POST', '/api/v1/loans', { tenant: tenant.slug, token: employee, json }), 400, 'VALIDATION_ERROR');
    }
    const malformed = await call('POST', '/api/v1/loans', { tenant: tenant.slug, token: employee, body: '{"assetId":', headers: { 'content-type': 'application/json' } });
    expectEnvelope(malformed, 400, 'VALIDATION_ERROR');
    const notJson = await call('POST', '/api/v1/loans', { tenant: tenant.slug, token: employee, body: `assetId=${assetId}`, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expectEnvelope(notJson, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await storedFor(assetId!)).toEqual({ loans: 0, outbox: 0 });
  });

  it('needs a token (401)', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    expectEnvelope(await call('POST', '/api/v1/loans', { tenant: tenant.slug, json: { assetId, startDate: day(0), endDate: day(1), purpose: 'x' } }), 401, 'UNAUTHENTICATED');
  });
});

describe('POST /api/v1/loans: the asset', () => {
  it('an unknown asset is 404 ASSET_NOT_FOUND', async () => {
    const assetId = '00000000-0000-4000-8000-000000000001';
    const response = await requestLoan(tenant, employee, { assetId });
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    expect(response.body.error.details).toEqual({ assetId, organisationId: tenant.id });
  });

  it.each(['MAINTENANCE', 'RETIRED'])('an asset in %s is 409 ASSET_UNAVAILABLE', async (status) => {
    const [assetId] = await insertAssets(tenant, [{ status }]);
    const response = await requestLoan(tenant, employee, { assetId: assetId! });
    expectEnvelope(response, 409, 'ASSET_UNAVAILABLE');
    expect(response.body.error.details).toEqual({ assetId, assetStatus: status });
    expect(await storedFor(assetId!)).toEqual({ loans: 0, outbox: 0 });
  });

  it('an asset that is out on loan can be booked for later', async () => {
    const [assetId] = await insertAssets(tenant, [{ status: 'LOANED' }]);
    const response = await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(10), endDate: day(12) });
    expect(response.status).toBe(201);
  });
});

describe('POST /api/v1/loans: overlapping loans', () => {
  let assetId: string;
  beforeAll(async () => {
    [assetId] = (await insertAssets(tenant, [{}])) as [string];
    const other = await createUser(tenant.id, 'EMPLOYEE');
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'APPROVED', startDate: day(3), endDate: day(5) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'ACTIVE', startDate: day(-2), endDate: day(0) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'PENDING_APPROVAL', startDate: day(6), endDate: day(9) });
    await insertLoan(tenant, { assetId, requesterId: other.id, status: 'REJECTED', startDate: day(10), endDate: day(12) });
  });

  it.each([
    ['sharing the last day', day(5), day(6), [{ startDate: day(3), endDate: day(5), status: 'APPROVED' }]],
    ['sharing the first day', day(1), day(3), [{ startDate: day(3), endDate: day(5), status: 'APPROVED' }]],
    ['overlapping an active loan', day(0), day(1), [{ startDate: day(-2), endDate: day(0), status: 'ACTIVE' }]],
    [
      'spanning both',
      day(0),
      day(4),
      [
        { startDate: day(-2), endDate: day(0), status: 'ACTIVE' },
        { startDate: day(3), endDate: day(5), status: 'APPROVED' },
      ],
    ],
  ])('%s is 409 LOAN_CONFLICT naming the conflicting ranges', async (_name, startDate, endDate, conflicts) => {
    const before = await storedFor(assetId);
    const response = await requestLoan(tenant, employee, { assetId, startDate, endDate });
    expectEnvelope(response, 409, 'LOAN_CONFLICT');
    expect(response.body.error.details).toEqual({ assetId, conflicts });
    expect(await storedFor(assetId)).toEqual(before);
  });

  it('the days between, and days only pending or rejected requests want, are free', async () => {
    const between = await requestLoan(tenant, employee, { assetId, startDate: day(1), endDate: day(2) });
    expect(between.status).toBe(201);
    const overPending = await requestLoan(tenant, employee, { assetId, startDate: day(6), endDate: day(12) });
    expect(overPending.status).toBe(201);
    expect(overPending.body.status).toBe('PENDING_APPROVAL');
  });

  it('editing a pending request into a booked range is 409 LOAN_CONFLICT; into bad dates 400', async () => {
    const filed = await requestLoan(tenant, employee, { assetId, startDate: day(13), endDate: day(14) });
    const before = await snapshotLoan(filed.body.id);
    const patch = (json: unknown) => call('PATCH', `/api/v1/loans/${filed.body.id}`, { tenant: tenant.slug, token: employee, json });
    expectEnvelope(await patch({ startDate: day(5) }), 409, 'LOAN_CONFLICT');
    expectEnvelope(await patch({ endDate: day(12) }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch({ startDate: day(-1) }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch({}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch({ status: 'APPROVED' }), 400, 'VALIDATION_ERROR');
    expect(await snapshotLoan(filed.body.id)).toEqual(before);
  });
});

describe('POST /api/v1/loans: a policy without approval', () => {
  it('approves on filing when the policy does not require approval', async () => {
    const auto = await createTenant();
    await setPolicy(auto, { requireApproval: false });
    const [assetId] = await insertAssets(auto, [{}]);
    const filed = await requestLoan(auto, await auto.employee.token(), { assetId: assetId! });
    expect(filed.status).toBe(201);
    expect(filed.body).toMatchObject({ status: 'APPROVED', decidedById: null });
    expect(filed.body.decidedAt).toEqual(expect.any(String));
    expect(await storedAuditActions(assetId!)).toEqual(['LOAN_REQUESTED', 'LOAN_APPROVED']);
    const [approval] = await ownerDb()`select metadata from audit_log where target_id = ${filed.body.id} and action = 'LOAN_APPROVED'`;
    expect(approval!.metadata).toEqual({ automatic: true });
    const templates = await ownerDb()`select payload->>'template' as template from outbox where organisation_id = ${auto.id}`;
    expect(templates.map((t) => t.template)).toEqual(['loan-approved']);
  });
});
