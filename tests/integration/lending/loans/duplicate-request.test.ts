import { beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, requestLoan } from './loan-helpers';

// POST /api/v1/loans: a second request of the same asset for overlapping dates (lib/lending/loans/duplicate-request.ts).
let tenant: TestTenant;
let employee: string;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
});

async function loansOf(assetId: string): Promise<number> {
  const [row] = await ownerDb()`select count(*)::int as n from loans where asset_id = ${assetId}`;
  return row!.n as number;
}

describe('a second request for overlapping dates', () => {
  it('is flagged (409 LOAN_DUPLICATE_REQUEST naming the first), then filed once confirmed with allowDuplicate', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const first = await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(3), endDate: day(5) });
    expect(first.status).toBe(201);

    const flagged = await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(4), endDate: day(6) });
    expectEnvelope(flagged, 409, 'LOAN_DUPLICATE_REQUEST');
    expect(flagged.body.error.details).toEqual({ assetId, existingLoans: [{ id: first.body.id, status: 'PENDING_APPROVAL', startDate: day(3), endDate: day(5) }] });
    expect(flagged.body.error.message).toMatch(/^You already asked for this asset from .+; that request is still waiting for a decision\./);
    expect(await loansOf(assetId!)).toBe(1);

    const confirmed = await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(4), endDate: day(6), allowDuplicate: true });
    expect(confirmed.status).toBe(201);
    expect(confirmed.body).toMatchObject({ status: 'PENDING_APPROVAL', startDate: day(4), endDate: day(6) });
    expect(await loansOf(assetId!)).toBe(2);
  });

  it('beside an approved booking of one’s own is the conflict it always was (409 LOAN_CONFLICT), confirmed or not', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.employee.id, status: 'APPROVED', startDate: day(1), endDate: day(2) });
    const refused = await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(2), endDate: day(3) });
    expectEnvelope(refused, 409, 'LOAN_CONFLICT');
    expect(refused.body.error.details.conflicts).toEqual([{ startDate: day(1), endDate: day(2), status: 'APPROVED' }]);
    expectEnvelope(await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(2), endDate: day(3), allowDuplicate: true }), 409, 'LOAN_CONFLICT');
    expect(await loansOf(assetId!)).toBe(1);
  });

  it('is not flagged for other dates, another asset, another person’s request, or a closed one', async () => {
    const [assetId, otherAsset] = await insertAssets(tenant, [{}, {}]);
    const colleague = await createUser(tenant.id, 'EMPLOYEE');
    await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.employee.id, startDate: day(1), endDate: day(2) });
    await insertLoan(tenant, { assetId: assetId!, requesterId: colleague.id, startDate: day(5), endDate: day(6) });
    await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.employee.id, status: 'CANCELLED', startDate: day(8), endDate: day(9) });
    expect((await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(3), endDate: day(4) })).status).toBe(201);
    expect((await requestLoan(tenant, employee, { assetId: otherAsset!, startDate: day(1), endDate: day(2) })).status).toBe(201);
    expect((await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(5), endDate: day(6) })).status).toBe(201);
    expect((await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(8), endDate: day(9) })).status).toBe(201);
  });
});
