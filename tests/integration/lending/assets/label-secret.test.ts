import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day, insertLoan, loanAction, printLabel, storedAssetStatus, storedLoan } from '../loans/loan-helpers';

let tenant: TestTenant;
let employee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  [employee, manager] = await Promise.all([tenant.employee.token(), tenant.manager.token()]);
});

async function activeLoan(): Promise<{ loanId: string; assetId: string }> {
  const [assetId] = await insertAssets(tenant, [{ status: 'LOANED' }]);
  const loanId = await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.employee.id, status: 'ACTIVE', startDate: day(-1), endDate: day(2) });
  return { loanId, assetId: assetId! };
}

describe('POST /api/v1/assets/{id}/label-secret', () => {
  it('issues a secret once: stored only as its SHA-256 digest, audited without it, and never in an asset response', async () => {
    const [assetId] = await insertAssets(tenant, [{ name: 'Camera' }]);
    const issued = await call('POST', `/api/v1/assets/${assetId}/label-secret`, { tenant: tenant.slug, token: manager });
    expect(issued.status).toBe(200);
    expect(issued.headers['cache-control']).toBe('no-store');
    const secret = issued.body.secret as string;
    expect(issued.body).toEqual({ assetId, secret: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/), labelUrl: expect.stringMatching(new RegExp(`/q/${secret}$`)), issuedAt: expect.any(String) });

    const [stored] = await ownerDb()`select label_secret_hash, label_issued_at, encode(sha256(convert_to(${secret}, 'UTF8')), 'hex') as expected from assets where id = ${assetId!}`;
    expect(stored!.label_secret_hash).toBe(stored!.expected);
    expect(stored!.label_issued_at.toISOString()).toBe(issued.body.issuedAt);
    const [audit] = await ownerDb()`select action, actor_user_id, changes, metadata from audit_log where asset_id = ${assetId!}`;
    expect(audit).toEqual({ action: 'ASSET_LABEL_REISSUED', actor_user_id: tenant.manager.id, changes: {}, metadata: { issuedAt: issued.body.issuedAt } });
    expect(JSON.stringify(audit)).not.toContain(secret);

    for (const token of [employee, manager]) {
      const detail = await call('GET', `/api/v1/assets/${assetId}`, { tenant: tenant.slug, token });
      expect(detail.status).toBe(200);
      expect(detail.body).not.toHaveProperty('qrCodeToken');
      expect(detail.body.labelIssuedAt).toBe(issued.body.issuedAt);
      expect(JSON.stringify(detail.body)).not.toContain(secret);
      expect(JSON.stringify(detail.body)).not.toContain(stored!.label_secret_hash);
      const list = await call('GET', '/api/v1/assets?limit=100', { tenant: tenant.slug, token });
      expect(list.status).toBe(200);
      expect(list.body.data.length).toBeGreaterThan(0);
      for (const asset of list.body.data) expect(asset).not.toHaveProperty('qrCodeToken');
      expect(JSON.stringify(list.body)).not.toContain(secret);
    }
  });

  it('refuses employees (403) and leaves the label as it was', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const secret = await printLabel(tenant, manager, assetId!);
    const [before] = await ownerDb()`select label_secret_hash from assets where id = ${assetId!}`;
    expectEnvelope(await call('POST', `/api/v1/assets/${assetId}/label-secret`, { tenant: tenant.slug, token: employee }), 403, 'FORBIDDEN');
    const [after] = await ownerDb()`select label_secret_hash from assets where id = ${assetId!}`;
    expect(after).toEqual(before);
    expect(secret).toBeTruthy();
  });

  it("answers 404 for another tenant's asset and changes nothing there", async () => {
    const other = await createTenant();
    const [foreignAsset] = await insertAssets(other, [{}]);
    const response = await call('POST', `/api/v1/assets/${foreignAsset}/label-secret`, { tenant: tenant.slug, token: manager });
    expectEnvelope(response, 404, 'ASSET_NOT_FOUND');
    const [row] = await ownerDb()`select label_secret_hash from assets where id = ${foreignAsset!}`;
    expect(row!.label_secret_hash).toBeNull();
    expect(await ownerDb()`select id from audit_log where asset_id = ${foreignAsset!}`).toHaveLength(0);
  });
});

describe('returning a loan by its label', () => {
  it('an employee returns only with the current label: none 403, wrong 409, right 200', async () => {
    const { loanId, assetId } = await activeLoan();
    const secret = await printLabel(tenant, manager, assetId);

    const unscanned = await loanAction(tenant, employee, loanId, 'return');
    expectEnvelope(unscanned, 403, 'FORBIDDEN');
    expect(unscanned.body.error.details).toEqual({ reason: 'qr_code_required' });
    expectEnvelope(await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: 'not-the-label' }), 409, 'QR_CODE_MISMATCH');
    expect((await storedLoan(loanId)).status).toBe('ACTIVE');

    const returned = await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: secret });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ id: loanId, status: 'RETURNED' });
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
  });

  it('an asset without a printed label cannot be returned by an employee; a manager checks it in at the desk', async () => {
    const { loanId, assetId } = await activeLoan();
    expectEnvelope(await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: 'anything' }), 409, 'QR_CODE_MISMATCH');
    const atDesk = await loanAction(tenant, manager, loanId, 'return');
    expect(atDesk.status).toBe(200);
    expect(atDesk.body.status).toBe('RETURNED');
    expect(await storedAssetStatus(assetId)).toBe('AVAILABLE');
    const [entry] = await ownerDb()`select actor_user_id, metadata from audit_log where target_id = ${loanId} and action = 'LOAN_RETURNED'`;
    expect(entry).toMatchObject({ actor_user_id: tenant.manager.id, metadata: { viaQrCode: false } });
  });

  it('re-issuing voids the old label: the old secret is refused (409), the new one returns (200)', async () => {
    const { loanId, assetId } = await activeLoan();
    const old = await printLabel(tenant, manager, assetId);
    const renewed = await printLabel(tenant, manager, assetId);
    expect(renewed).not.toBe(old);
    expectEnvelope(await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: old }), 409, 'QR_CODE_MISMATCH');
    expect((await storedLoan(loanId)).status).toBe('ACTIVE');
    expect((await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: renewed })).status).toBe(200);
    expect((await ownerDb()`select action from audit_log where asset_id = ${assetId} and action = 'ASSET_LABEL_REISSUED'`).length).toBe(2);
  });

  it("another tenant's label does not return a loan here (409), and its loans are 404", async () => {
    const { loanId } = await activeLoan();
    const other = await createTenant();
    const [foreignAsset] = await insertAssets(other, [{}]);
    const foreignLabel = await printLabel(other, await other.manager.token(), foreignAsset!);
    expectEnvelope(await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: foreignLabel }), 409, 'QR_CODE_MISMATCH');
    expectEnvelope(await loanAction(other, await other.employee.token(), loanId, 'return', { qrCodeToken: foreignLabel }), 404, 'LOAN_NOT_FOUND');
    expect((await storedLoan(loanId)).status).toBe('ACTIVE');
  });
});
