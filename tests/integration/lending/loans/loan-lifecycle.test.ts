import { beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '@/lib/platform/audit/schemas';
import { call } from '../../../support/api';
import { createTenant, insertAssets, type TestTenant } from '../../../support/factories';
import { day, loanAction, printLabel, requestLoan, storedAssetStatus, storedAuditActions, storedLoan } from './loan-helpers';

let tenant: TestTenant;
let employee: string;
let manager: string;

beforeAll(async () => {
  tenant = await createTenant();
  [employee, manager] = await Promise.all([tenant.employee.token(), tenant.manager.token()]);
});

// One loan through every verb; each verb's own cases, and its refusals, are in its file (approve-loan.test.ts, ...).
describe('loan lifecycle', () => {
  it('request -> edit -> approve -> pick up -> extend -> return, with asset status and audit trail', async () => {
    const [assetId] = await insertAssets(tenant, [{ name: 'Projector' }]);
    const label = await printLabel(tenant, manager, assetId!);

    const filed = await requestLoan(tenant, employee, { assetId: assetId!, startDate: day(0), endDate: day(2), purpose: 'Workshop' });
    expect(filed.status).toBe(201);
    const loanId = filed.body.id as string;
    expect(filed.headers.location).toBe(`/api/v1/loans/${loanId}`);
    expect(filed.body).toMatchObject({
      assetId,
      requesterId: tenant.employee.id,
      approverId: null,
      decidedById: null,
      status: 'PENDING_APPROVAL',
      overdue: false,
      startDate: day(0),
      endDate: day(2),
      purpose: 'Workshop',
      extensionRequestedEndDate: null,
    });
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');

    const detail = await call('GET', `/api/v1/loans/${loanId}`, { tenant: tenant.slug, token: employee });
    expect(detail.status).toBe(200);
    expect(detail.body).toEqual(filed.body);

    const edited = await call('PATCH', `/api/v1/loans/${loanId}`, { tenant: tenant.slug, token: employee, json: { endDate: day(3), purpose: 'Two workshops' } });
    expect(edited.status).toBe(200);
    expect(edited.body).toMatchObject({ status: 'PENDING_APPROVAL', startDate: day(0), endDate: day(3), purpose: 'Two workshops' });

    const approved = await loanAction(tenant, manager, loanId, 'approve');
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', decidedById: tenant.manager.id });
    expect(approved.body.decidedAt).toEqual(expect.any(String));
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');

    const pickedUp = await loanAction(tenant, employee, loanId, 'pickup');
    expect(pickedUp.status).toBe(200);
    expect(pickedUp.body).toMatchObject({ status: 'ACTIVE', overdue: false });
    expect(pickedUp.body.pickedUpAt).toEqual(expect.any(String));
    expect(await storedAssetStatus(assetId!)).toBe('LOANED');

    // Default policy: an employee's extension waits for the approver.
    const requested = await loanAction(tenant, employee, loanId, 'extend', { endDate: day(5) });
    expect(requested.status).toBe(200);
    expect(requested.body).toMatchObject({ status: 'ACTIVE', endDate: day(3), extensionRequestedEndDate: day(5) });
    const extended = await loanAction(tenant, manager, loanId, 'approve');
    expect(extended.status).toBe(200);
    expect(extended.body).toMatchObject({ status: 'ACTIVE', endDate: day(5), extensionRequestedEndDate: null });

    const returned = await loanAction(tenant, employee, loanId, 'return', { qrCodeToken: label });
    expect(returned.status).toBe(200);
    expect(returned.body).toMatchObject({ status: 'RETURNED', endDate: day(5) });
    expect(returned.body.returnedAt).toEqual(expect.any(String));
    expect(await storedAssetStatus(assetId!)).toBe('AVAILABLE');
    expect(await storedLoan(loanId)).toMatchObject({ status: 'RETURNED', end_date: day(5), purpose: 'Two workshops', decided_by_id: tenant.manager.id });

    const lifecycle = ['LOAN_REQUESTED', 'LOAN_UPDATED', 'LOAN_APPROVED', 'LOAN_PICKED_UP', 'LOAN_EXTENSION_REQUESTED', 'LOAN_EXTENDED', 'LOAN_RETURNED'];
    expect(await storedAuditActions(assetId!)).toEqual(['ASSET_LABEL_REISSUED', ...lifecycle]);

    const log = await call('GET', `/api/v1/assets/${assetId}/audit-log?limit=100`, { tenant: tenant.slug, token: manager });
    expect(log.status).toBe(200);
    const entries: AuditEntry[] = [...log.body.data].reverse().filter((e: AuditEntry) => e.target.type === 'LOAN');
    expect(entries.map((e) => e.action)).toEqual(lifecycle);
    for (const entry of entries) expect(entry).toMatchObject({ assetId, target: { type: 'LOAN', id: loanId }, actor: { type: 'USER' } });
    const entry = (action: string) => entries.find((e) => e.action === action)!;
    expect(entry('LOAN_REQUESTED').actor.userId).toBe(tenant.employee.id);
    expect(entry('LOAN_UPDATED').changes).toEqual({ endDate: { before: day(2), after: day(3) }, purpose: { before: 'Workshop', after: 'Two workshops' } });
    expect(entry('LOAN_APPROVED')).toMatchObject({ actor: { userId: tenant.manager.id }, changes: { status: { before: 'PENDING_APPROVAL', after: 'APPROVED' } } });
    expect(entry('LOAN_PICKED_UP').metadata).toEqual({ assetStatus: { before: 'AVAILABLE', after: 'LOANED' } });
    expect(entry('LOAN_EXTENDED').changes.endDate).toEqual({ before: day(3), after: day(5) });
    expect(entry('LOAN_RETURNED')).toMatchObject({ changes: { status: { before: 'ACTIVE', after: 'RETURNED' } }, metadata: { viaQrCode: true } });
  });
});
