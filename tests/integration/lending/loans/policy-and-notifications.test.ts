import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { fanOutLoanRequests, loanAction, requestLoan, setPolicy } from './loan-helpers';

const defaults = { requireApproval: true, approverRules: [], defaultApproverUserId: null, extensions: 'REQUIRES_APPROVAL', maxLoanDays: 30, maxAdvanceBookingDays: 90 };

async function emailOf(user: TestUser): Promise<string> {
  const [row] = await ownerDb()`select email from users where id = ${user.id}`;
  return row!.email as string;
}

async function outboxFor(loanId: string) {
  return ownerDb()`select idempotency_key, kind, status, payload from outbox where payload->'data'->>'loanId' = ${loanId} order by idempotency_key`;
}

describe('GET/PATCH /api/v1/loan-policy', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('answers the documented defaults to any employee of a tenant that never set a policy', async () => {
    const response = await call('GET', '/api/v1/loan-policy', { tenant: tenant.slug, token: await tenant.employee.token() });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(defaults);
  });

  it('an admin changes it: stored, audited as LOAN_POLICY_UPDATED, and a no-op change writes no entry', async () => {
    const admin = await tenant.admin.token();
    const changed = await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: admin, json: { maxLoanDays: 14, extensions: 'AUTOMATIC' } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({ ...defaults, maxLoanDays: 14, extensions: 'AUTOMATIC' });
    const [stored] = await ownerDb()`select loan_policy from organisations where id = ${tenant.id}`;
    expect(stored!.loan_policy).toEqual(changed.body);
    expect((await call('GET', '/api/v1/loan-policy', { tenant: tenant.slug, token: await tenant.employee.token() })).body).toEqual(changed.body);

    const audit = await ownerDb()`select actor_user_id, target_type, target_id, changes from audit_log where organisation_id = ${tenant.id} and action = 'LOAN_POLICY_UPDATED'`;
    expect(audit).toEqual([
      {
        actor_user_id: tenant.admin.id,
        target_type: 'ORGANISATION',
        target_id: tenant.id,
        changes: { maxLoanDays: { before: 30, after: 14 }, extensions: { before: 'REQUIRES_APPROVAL', after: 'AUTOMATIC' } },
      },
    ]);
    expect((await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: admin, json: { maxLoanDays: 14 } })).status).toBe(200);
    const [count] = await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id} and action = 'LOAN_POLICY_UPDATED'`;
    expect(count!.n).toBe(1);
  });

  it('refuses an approver who is not an active manager or admin of this organisation (400)', async () => {
    const admin = await tenant.admin.token();
    const stranger = await createTenant();
    for (const approver of [tenant.employee.id, stranger.manager.id, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: admin, json: { defaultApproverUserId: approver } });
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
      expect(response.body.error.details.issues[0]).toMatchObject({ code: 'not_an_approver' });
    }
    const [stored] = await ownerDb()`select loan_policy->>'defaultApproverUserId' as approver from organisations where id = ${tenant.id}`;
    expect(stored!.approver).toBeNull();
    const ok = await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: admin, json: { approverRules: [{ approverUserId: tenant.manager.id }] } });
    expect(ok.status).toBe(200);
    expect(ok.body.approverRules).toEqual([{ categoryId: null, locationId: null, approverUserId: tenant.manager.id }]);
  });

  it('refuses managers and employees (403) and bad bodies (400, 415), leaving the policy as it was', async () => {
    const [before] = await ownerDb()`select loan_policy from organisations where id = ${tenant.id}`;
    for (const user of [tenant.manager, tenant.employee]) {
      expectEnvelope(await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: await user.token(), json: { maxLoanDays: 5 } }), 403, 'FORBIDDEN');
    }
    const admin = await tenant.admin.token();
    const bad = [{}, { maxLoanDays: 0 }, { maxLoanDays: 1.5 }, { maxAdvanceBookingDays: -1 }, { extensions: 'SOMETIMES' }, { requireApproval: 'yes' }, { surprise: true }, { approverRules: [{ categoryId: 'laptops', approverUserId: null }] }];
    for (const json of bad) {
      const response = await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: admin, json });
      expectEnvelope(response, 400, 'VALIDATION_ERROR');
    }
    expectEnvelope(await call('PATCH', '/api/v1/loan-policy', { tenant: tenant.slug, token: admin, body: 'maxLoanDays=5', headers: { 'content-type': 'text/plain' } }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const [after] = await ownerDb()`select loan_policy from organisations where id = ${tenant.id}`;
    expect(after!.loan_policy).toEqual(before!.loan_policy);
  });
});

describe('approver rules', () => {
  it('the first matching rule names the approver, else the default; a non-approver falls back to any manager', async () => {
    const tenant = await createTenant();
    const [cameraManager, branchManager, plainEmployee] = await Promise.all([createUser(tenant.id, 'ASSET_MANAGER'), createUser(tenant.id, 'ASSET_MANAGER'), createUser(tenant.id, 'EMPLOYEE')]);
    const [cameras] = await ownerDb()`insert into categories (organisation_id, name) values (${tenant.id}, 'Cameras') returning id`;
    const [branch] = await ownerDb()`insert into locations (organisation_id, name) values (${tenant.id}, 'Branch') returning id`;
    const [cameraAtHead, laptopAtBranch, cameraAtBranch, laptopAtHead] = await insertAssets(tenant, [{}, {}, {}, {}]);
    await ownerDb()`update assets set category_id = ${cameras!.id} where id in ${ownerDb()([cameraAtHead!, cameraAtBranch!])}`;
    await ownerDb()`update assets set location_id = ${branch!.id} where id in ${ownerDb()([laptopAtBranch!, cameraAtBranch!])}`;
    const admin = await tenant.admin.token();
    const policy = await call('PATCH', '/api/v1/loan-policy', {
      tenant: tenant.slug,
      token: admin,
      json: {
        approverRules: [
          { categoryId: cameras!.id, approverUserId: cameraManager.id },
          { locationId: branch!.id, approverUserId: branchManager.id },
        ],
        defaultApproverUserId: tenant.manager.id,
      },
    });
    expect(policy.status).toBe(200);
    expect(policy.body.approverRules).toEqual([
      { categoryId: cameras!.id, locationId: null, approverUserId: cameraManager.id },
      { categoryId: null, locationId: branch!.id, approverUserId: branchManager.id },
    ]);

    const employee = await tenant.employee.token();
    const expected: [string, string][] = [
      [cameraAtHead!, cameraManager.id],
      [laptopAtBranch!, branchManager.id],
      [cameraAtBranch!, cameraManager.id],
      [laptopAtHead!, tenant.manager.id],
    ];
    for (const [assetId, approverId] of expected) {
      const filed = await requestLoan(tenant, employee, { assetId });
      expect(filed.body.approverId).toBe(approverId);
      const [stored] = await ownerDb()`select approver_id from loans where id = ${filed.body.id}`;
      expect(stored!.approver_id).toBe(approverId);
    }

    await setPolicy(tenant, { defaultApproverUserId: plainEmployee.id });
    const [fallback] = await insertAssets(tenant, [{}]);
    const filed = await requestLoan(tenant, employee, { assetId: fallback! });
    expect(filed.body.approverId).toBeNull();
  });

  it('a designated approver who files a request is not made its approver: every other manager is asked', async () => {
    const tenant = await createTenant();
    const colleague = await createUser(tenant.id, 'ASSET_MANAGER');
    await setPolicy(tenant, { defaultApproverUserId: tenant.manager.id });
    const [assetId] = await insertAssets(tenant, [{}]);
    const filed = await requestLoan(tenant, await tenant.manager.token(), { assetId: assetId! });
    expect(filed.status).toBe(201);
    expect(filed.body.approverId).toBeNull();
    expect(await fanOutLoanRequests(tenant)).toBe(1);
    const mails = await outboxFor(filed.body.id);
    expect(mails.map((m) => m.payload.to)).toEqual([await emailOf(colleague)]);
    const approved = await loanAction(tenant, await colleague.token(), filed.body.id, 'approve');
    expect(approved.status).toBe(200);
  });
});

describe('notifications of a decision', () => {
  let tenant: TestTenant;
  let secondManager: TestUser;
  beforeAll(async () => {
    tenant = await createTenant();
    secondManager = await createUser(tenant.id, 'ASSET_MANAGER');
  });

  it('filing, fanned out, enqueues loan-requested for every active manager (not the admin, not a deactivated one)', async () => {
    const retired = await createUser(tenant.id, 'ASSET_MANAGER');
    await ownerDb()`update users set is_active = false where id = ${retired.id}`;
    const [assetId] = await insertAssets(tenant, [{ name: 'Drone' }]);
    const filed = await requestLoan(tenant, await tenant.employee.token(), { assetId: assetId!, purpose: 'Roof survey' });
    expect(await fanOutLoanRequests(tenant)).toBe(2);
    const mails = await outboxFor(filed.body.id);
    const expected = [tenant.manager, secondManager].map((m) => `loan-requested:${filed.body.id}:${m.id}`).sort();
    expect(mails.map((m) => m.idempotency_key)).toEqual(expected);
    const recipients = await Promise.all([tenant.manager, secondManager].map(emailOf));
    expect(mails.map((m) => m.payload.to).sort()).toEqual(recipients.sort());
    for (const mail of mails) {
      expect(mail).toMatchObject({ kind: 'EMAIL', status: 'PENDING', payload: { template: 'loan-requested' } });
      expect(mail.payload.data).toMatchObject({ loanId: filed.body.id, assetName: 'Drone', purpose: 'Roof survey', startDate: filed.body.startDate, endDate: filed.body.endDate });
    }
  });

  it('a named approver alone gets the loan-requested e-mail', async () => {
    const named = await createTenant();
    const other = await createUser(named.id, 'ASSET_MANAGER');
    await setPolicy(named, { defaultApproverUserId: other.id });
    const [assetId] = await insertAssets(named, [{}]);
    const filed = await requestLoan(named, await named.employee.token(), { assetId: assetId! });
    expect(await fanOutLoanRequests(named)).toBe(1);
    const mails = await outboxFor(filed.body.id);
    expect(mails.map((m) => [m.idempotency_key, m.payload.to])).toEqual([[`loan-requested:${filed.body.id}:${other.id}`, await emailOf(other)]]);
  });

  it('approval and rejection e-mail the requester and notify in-app; reading is own-only', async () => {
    const [a, b] = await insertAssets(tenant, [{ name: 'Tripod' }, { name: 'Tablet' }]);
    const employee = await tenant.employee.token();
    const manager = await tenant.manager.token();
    const approvedLoan = (await requestLoan(tenant, employee, { assetId: a! })).body.id as string;
    const rejectedLoan = (await requestLoan(tenant, employee, { assetId: b! })).body.id as string;
    expect((await loanAction(tenant, manager, approvedLoan, 'approve')).status).toBe(200);
    expect((await loanAction(tenant, manager, rejectedLoan, 'reject', { reason: 'Broken screen' })).status).toBe(200);

    const requester = await emailOf(tenant.employee);
    const approvedMail = (await outboxFor(approvedLoan)).find((m) => m.payload.template === 'loan-approved');
    expect(approvedMail).toMatchObject({ idempotency_key: `loan-approved:${approvedLoan}`, payload: { to: requester, data: { loanId: approvedLoan, assetName: 'Tripod' } } });
    const rejectedMail = (await outboxFor(rejectedLoan)).find((m) => m.payload.template === 'loan-rejected');
    expect(rejectedMail).toMatchObject({ idempotency_key: `loan-rejected:${rejectedLoan}`, payload: { to: requester, data: { loanId: rejectedLoan, reason: 'Broken screen' } } });

    const list = await call('GET', '/api/v1/notifications?unread=true', { tenant: tenant.slug, token: employee });
    expect(list.status).toBe(200);
    const mine = list.body.data.filter((n: { loanId: string }) => [approvedLoan, rejectedLoan].includes(n.loanId));
    expect(mine.map((n: { kind: string; loanId: string }) => [n.kind, n.loanId])).toEqual([
      ['LOAN_REJECTED', rejectedLoan],
      ['LOAN_APPROVED', approvedLoan],
    ]);
    expect(mine[0]).toMatchObject({ readAt: null, title: expect.stringContaining('Tablet'), body: expect.stringContaining('Broken screen') });

    const notificationId = mine[1].id as string;
    const foreign = await call('POST', `/api/v1/notifications/${notificationId}/read`, { tenant: tenant.slug, token: manager });
    expectEnvelope(foreign, 404, 'NOTIFICATION_NOT_FOUND');
    const [untouched] = await ownerDb()`select read_at from notifications where id = ${notificationId}`;
    expect(untouched!.read_at).toBeNull();
    const managerList = await call('GET', '/api/v1/notifications', { tenant: tenant.slug, token: manager });
    expect(managerList.body.data.map((n: { id: string }) => n.id)).not.toContain(notificationId);

    const read = await call('POST', `/api/v1/notifications/${notificationId}/read`, { tenant: tenant.slug, token: employee });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: notificationId, kind: 'LOAN_APPROVED', readAt: expect.any(String) });
    const again = await call('POST', `/api/v1/notifications/${notificationId}/read`, { tenant: tenant.slug, token: employee });
    expect(again.body.readAt).toBe(read.body.readAt);
    const unread = await call('GET', '/api/v1/notifications?unread=true', { tenant: tenant.slug, token: employee });
    expect(unread.body.data.map((n: { id: string }) => n.id)).not.toContain(notificationId);
  });
});
