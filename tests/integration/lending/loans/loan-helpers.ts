import { expect } from 'vitest';
import { loans } from '@/db/schema';
import { fanOutLoanRequest } from '@/lib/lending/jobs/fan-out-loan-request';
import { LOAN_REQUESTED_KIND } from '@/lib/lending/loans/loan-requested-event';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { insertRows, type SqlRow } from '../../../support/insert-row';
import { jobDb } from '../../../support/job-db';

/** Today (UTC, the server's calendar) plus `offset` days, as YYYY-MM-DD. */
export function day(offset: number): string {
  return addDays(toIsoDate(new Date()), offset);
}

export type LoanInput = { assetId: string; startDate?: string; endDate?: string; purpose?: string; allowDuplicate?: boolean };

export function requestLoan(tenant: TestTenant, token: string, input: LoanInput): Promise<ApiResponse> {
  return call('POST', '/api/v1/loans', {
    tenant: tenant.slug,
    token,
    json: { startDate: day(0), endDate: day(2), purpose: 'Client visit', ...input },
  });
}

export type LoanAction = 'approve' | 'reject' | 'cancel' | 'pickup' | 'return' | 'extend';

export function loanAction(tenant: TestTenant, token: string, loanId: string, action: LoanAction, json: unknown = {}): Promise<ApiResponse> {
  return call('POST', `/api/v1/loans/${loanId}/${action}`, { tenant: tenant.slug, token, json });
}

export type StoredLoan = {
  status: string;
  start_date: string;
  end_date: string;
  purpose: string;
  approver_id: string | null;
  decided_by_id: string | null;
  extension_requested_end_date: string | null;
  rejection_reason: string | null;
  updated_at: Date;
};

export async function storedLoan(loanId: string): Promise<StoredLoan> {
  const [row] = await ownerDb()`select status, start_date::text, end_date::text, purpose, approver_id, decided_by_id,
    extension_requested_end_date::text, rejection_reason, updated_at from loans where id = ${loanId}`;
  if (!row) throw new Error(`No stored loan ${loanId}`);
  return row as unknown as StoredLoan;
}

/** A manager prints the asset's label: the secret its QR code carries, as POST /label-secret answers it once. */
export async function printLabel(tenant: TestTenant, managerToken: string, assetId: string): Promise<string> {
  const response = await call('POST', `/api/v1/assets/${assetId}/label-secret`, { tenant: tenant.slug, token: managerToken });
  if (response.status !== 200) throw new Error(`Printing the label of ${assetId} answered ${response.status}`);
  return response.body.secret as string;
}

export async function storedAssetStatus(assetId: string): Promise<string> {
  const [row] = await ownerDb()`select status from assets where id = ${assetId}`;
  return row!.status as string;
}

/** Audit actions written for an asset, oldest first. */
export async function storedAuditActions(assetId: string): Promise<string[]> {
  const rows = await ownerDb()`select action from audit_log where asset_id = ${assetId} order by id`;
  return rows.map((r) => r.action as string);
}

export async function setPolicy(tenant: TestTenant, policy: Record<string, unknown>): Promise<void> {
  await ownerDb()`update organisations set loan_policy = ${ownerDb().json(policy as never)} where id = ${tenant.id}`;
}

type LoanStatus = NonNullable<SqlRow<typeof loans>['status']>;

export type LoanSeed = {
  assetId: string;
  requesterId: string;
  status?: string;
  startDate?: string;
  endDate?: string;
  approverId?: string | null;
  purpose?: string;
  pickedUp?: boolean;
};

/** Inserts loans directly (fast arrangement of states the API would need several calls to reach). */
export async function insertLoans(tenant: TestTenant, seeds: LoanSeed[]): Promise<string[]> {
  return insertRows(
    loans,
    seeds.map((s) => ({
      organisation_id: tenant.id,
      asset_id: s.assetId,
      requester_id: s.requesterId,
      approver_id: s.approverId ?? null,
      status: (s.status ?? 'PENDING_APPROVAL') as LoanStatus,
      start_date: s.startDate ?? day(0),
      end_date: s.endDate ?? day(2),
      purpose: s.purpose ?? 'Seeded loan',
      picked_up_at: s.pickedUp || s.status === 'ACTIVE' ? new Date() : null,
    })),
  );
}

export async function insertLoan(tenant: TestTenant, seed: LoanSeed): Promise<string> {
  const [id] = await insertLoans(tenant, [seed]);
  return id!;
}

/** A snapshot that any refused transition must leave unchanged. */
export async function snapshotLoan(loanId: string): Promise<StoredLoan & { audit: number }> {
  const [count] = await ownerDb()`select count(*)::int as n from audit_log where target_id = ${loanId}`;
  return { ...(await storedLoan(loanId)), audit: count!.n as number };
}

/** A loan of the tenant's employee in `status`, on an asset of its own (LOANED while the loan is ACTIVE). */
export async function seededLoan(
  tenant: TestTenant,
  status: string,
  overrides: { startDate?: string; endDate?: string; requesterId?: string; approverId?: string } = {},
): Promise<{ loanId: string; assetId: string }> {
  const [assetId] = await insertAssets(tenant, [{ status: status === 'ACTIVE' ? 'LOANED' : 'AVAILABLE' }]);
  const loanId = await insertLoan(tenant, { assetId: assetId!, requesterId: tenant.employee.id, status, ...overrides });
  return { loanId, assetId: assetId! };
}

/** The refusal answers with the expected envelope and leaves the stored loan (and its audit trail) untouched. */
export async function expectRefused(loanId: string, attempt: () => Promise<ApiResponse>, status: number, code: string): Promise<ApiResponse> {
  const before = await snapshotLoan(loanId);
  const response = await attempt();
  expectEnvelope(response, status, code);
  expect(await snapshotLoan(loanId)).toEqual(before);
  return response;
}

/** PATCH /api/v1/loans/{id}, the edit of a pending request, as an attempt for expectRefused. */
export const editLoan = (tenant: TestTenant, loanId: string, token: string, json: unknown) => () => call('PATCH', `/api/v1/loans/${loanId}`, { tenant: tenant.slug, token, json });

/**
 * Runs the deliver-outbox job's fan-out of the tenant's pending loan-request events, as the job does at delivery,
 * without sending anything: the per-approver e-mails are then in the outbox, PENDING, and the events settled.
 * Returns the e-mails the events stand for.
 */
export async function fanOutLoanRequests(tenant: TestTenant): Promise<number> {
  const events = await ownerDb()`select id, payload from outbox where organisation_id = ${tenant.id} and kind = ${LOAN_REQUESTED_KIND} and status = 'PENDING'`;
  let emails = 0;
  for (const event of events) {
    emails += await withTenant(jobDb(), tenant.id, (tx) => fanOutLoanRequest(tx, tenant.id, event.payload, new Date()));
    await ownerDb()`update outbox set status = 'SENT', sent_at = now(), delivered_via = 'fan-out' where id = ${event.id}`;
  }
  return emails;
}
