import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, storedAssetStatus } from './loan-helpers';

// POST /api/v1/loans/checkout (lib/lending/loans/check-out-loan.ts): a manager hands an asset over at the desk.
let tenant: TestTenant;
let employee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  [employee, manager] = await Promise.all([tenant.employee.token(), tenant.manager.token()]);
});

const checkOut = (token: string, json: unknown) => call('POST', '/api/v1/loans/checkout', { tenant: tenant.slug, token, json });

async function loansOf(assetId: string) {
  return ownerDb()`select status, requester_id, approver_id, decided_by_id, start_date::text as start, end_date::text as end, purpose,
    decided_at is not null as decided, picked_up_at is not null as picked_up from loans where asset_id = ${assetId}`;
}

describe('a desk checkout', () => {
  it('creates the loan ACTIVE from today for the borrower, the asset LOANED, with one audit entry (201)', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const response = await checkOut(manager, { assetId, borrowerId: tenant.employee.id, endDate: day(4), purpose: 'Away match' });
    expect(response.status).toBe(201);
    expect(response.headers.location).toBe(`/api/v1/loans/${response.body.id}`);
    expect(response.body).toMatchObject({ assetId, requesterId: tenant.employee.id, status: 'ACTIVE', startDate: day(0), endDate: day(4), decidedById: tenant.manager.id, overdue: false });
    expect(response.body.pickedUpAt).toEqual(expect.any(String));
    expect(await loansOf(assetId!)).toEqual([
      { status: 'ACTIVE', requester_id: tenant.employee.id, approver_id: tenant.manager.id, decided_by_id: tenant.manager.id, start: day(0), end: day(4), purpose: 'Away match', decided: true, picked_up: true },
    ]);
    expect(await storedAssetStatus(assetId!)).toBe('LOANED');
    const audit = await ownerDb()`select action, actor_user_id, target_id, changes, metadata from audit_log where asset_id = ${assetId!}`;
    expect(audit).toEqual([
      {
        action: 'LOAN_CHECKED_OUT',
        actor_user_id: tenant.manager.id,
        target_id: response.body.id,
        changes: expect.objectContaining({ status: { before: null, after: 'ACTIVE' }, requesterId: { before: null, after: tenant.employee.id } }),
        metadata: { assetStatus: { before: 'AVAILABLE', after: 'LOANED' } },
      },
    ]);
    // The borrower gets a receipt in the app, with the return date in words.
    const receipts = await ownerDb()`select user_id, kind, title, body from notifications where loan_id = ${response.body.id}`;
    expect(receipts).toEqual([
      { user_id: tenant.employee.id, kind: 'LOAN_CHECKED_OUT', title: expect.stringContaining('On loan to you: '), body: expect.stringMatching(/handed to you at the desk today\. Please return it by \d{1,2} [A-Z][a-z]{2} \d{4}\.$/) },
    ]);
    // The borrower finds it among their own loans.
    const mine = await call('GET', `/api/v1/loans/${response.body.id}`, { tenant: tenant.slug, token: employee });
    expect(mine.body).toMatchObject({ status: 'ACTIVE' });
  });

  it('meets the conflict check: an approved booking of the asset overlapping is 409 LOAN_CONFLICT, nothing stored', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const other = await createUser(tenant.id, 'EMPLOYEE');
    await insertLoan(tenant, { assetId: assetId!, requesterId: other.id, status: 'APPROVED', startDate: day(2), endDate: day(3) });
    const refused = await checkOut(manager, { assetId, borrowerId: tenant.employee.id, endDate: day(2), purpose: 'Away match' });
    expectEnvelope(refused, 409, 'LOAN_CONFLICT');
    expect(refused.body.error.details.conflicts).toEqual([{ startDate: day(2), endDate: day(3), status: 'APPROVED' }]);
    expect(await loansOf(assetId!)).toHaveLength(1);
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');
  });

  it('meets the policy: longer than maxLoanDays, or a return date in the past, is 400 at endDate', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const tooLong = await checkOut(manager, { assetId, borrowerId: tenant.employee.id, endDate: day(30), purpose: 'Season' });
    expectEnvelope(tooLong, 400, 'VALIDATION_ERROR');
    expect(tooLong.body.error.details.issues).toEqual([expect.objectContaining({ path: 'endDate', code: 'too_long' })]);
    const past = await checkOut(manager, { assetId, borrowerId: tenant.employee.id, endDate: day(-1), purpose: 'Season' });
    expectEnvelope(past, 400, 'VALIDATION_ERROR');
    expect(past.body.error.details.issues).toEqual([{ path: 'endDate', code: 'in_past', message: 'Choose a return date from today on.' }]);
    expect(await loansOf(assetId!)).toEqual([]);
  });

  it('needs an asset on the shelf (409 ASSET_UNAVAILABLE) and a borrower of the organisation (400 at borrowerId)', async () => {
    const [out, kept] = await insertAssets(tenant, [{ status: 'LOANED' }, {}]);
    expectEnvelope(await checkOut(manager, { assetId: out, borrowerId: tenant.employee.id, endDate: day(1), purpose: 'x' }), 409, 'ASSET_UNAVAILABLE');
    const stranger = await createTenant();
    const notOurs = await checkOut(manager, { assetId: kept, borrowerId: stranger.employee.id, endDate: day(1), purpose: 'x' });
    expectEnvelope(notOurs, 400, 'VALIDATION_ERROR');
    expect(notOurs.body.error.details.issues).toEqual([expect.objectContaining({ path: 'borrowerId', code: 'not_a_borrower' })]);
    expectEnvelope(await checkOut(manager, { assetId: kept, endDate: day(1), purpose: 'x' }), 400, 'VALIDATION_ERROR');
    expect(await loansOf(kept!)).toEqual([]);
  });

  it('is an asset manager’s: an employee gets 403, nothing stored', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    expectEnvelope(await checkOut(employee, { assetId, borrowerId: tenant.employee.id, endDate: day(1), purpose: 'Mine' }), 403, 'FORBIDDEN');
    expect(await loansOf(assetId!)).toEqual([]);
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');
  });
});
