import { randomBytes } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../../support/factories';
import { setPolicy } from '../../../lending/loans/loan-helpers';
import { loansOf, newKey, requestLoanWithKey, storedKey } from './idempotency-helpers';

let tenant: TestTenant;
let employee: string;
let planted: string | null = null;

beforeAll(async () => {
  tenant = await createTenant();
  employee = await tenant.employee.token();
  // Approval is automatic: the request writes the loan, then LOAN_REQUESTED, then LOAN_APPROVED, one after another.
  await setPolicy(tenant, { requireApproval: false });
});

afterEach(async () => {
  if (planted) await stopFailing();
});

/**
 * Makes the request's LOAN_APPROVED audit entry fail with `sqlState`, after the loan and its LOAN_REQUESTED entry
 * were written: a request that failed half-way. Only this test tenant's rows are affected.
 */
async function failApprovalAudit(sqlState: string): Promise<void> {
  planted = `test_idempotency_fail_${randomBytes(4).toString('hex')}`;
  await ownerDb().unsafe(`
    create function public.${planted}() returns trigger language plpgsql as $$
    begin
      raise exception 'planted failure' using errcode = tg_argv[0];
    end $$;
    create trigger ${planted} before insert on audit_log for each row
      when (new.organisation_id = '${tenant.id}'::uuid and new.action = 'LOAN_APPROVED') execute function public.${planted}('${sqlState}');`);
}

async function stopFailing(): Promise<void> {
  await ownerDb().unsafe(`drop trigger ${planted} on audit_log; drop function public.${planted}()`);
  planted = null;
}

describe('POST with an Idempotency-Key that fails half-way', () => {
  it('an error kept as the answer (409) undoes the writes made before it, and is replayed', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    await failApprovalAudit('23505');

    const first = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expectEnvelope(first, 409, 'CONFLICT');
    expect(await loansOf(assetId!)).toBe(0);
    const [audit] = await ownerDb()`select count(*)::int as n from audit_log where asset_id = ${assetId!}`;
    expect(audit!.n).toBe(0);
    expect((await storedKey(tenant.id, tenant.employee.id, key))!).toMatchObject({ status: 'completed', response_status: 409 });

    await stopFailing();
    const again = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(again.status).toBe(409);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await loansOf(assetId!)).toBe(0);
  });

  it('a server error (500) keeps nothing, the key included: the retry with the same key runs', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const key = newKey();
    await failApprovalAudit('XX000');

    const failed = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expectEnvelope(failed, 500, 'INTERNAL_ERROR');
    expect(await loansOf(assetId!)).toBe(0);
    expect(await storedKey(tenant.id, tenant.employee.id, key)).toBeUndefined();

    await stopFailing();
    const retry = await requestLoanWithKey(tenant, employee, key, { assetId: assetId! });
    expect(retry.status).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await loansOf(assetId!)).toBe(1);
    expect((await storedKey(tenant.id, tenant.employee.id, key))!).toMatchObject({ status: 'completed', response_status: 201 });
  });
});
