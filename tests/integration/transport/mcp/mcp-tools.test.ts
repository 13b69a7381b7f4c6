import type { CallToolResult, Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ListAssetsQuery } from '@/lib/lending/assets/schemas';
import { AuditLogQuery } from '@/lib/platform/audit/schemas';
import { CreateLoanBody, RejectLoanBody } from '@/lib/lending/loans/schemas';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { connectMcp } from '../../../support/mcp-client';
import { day, insertLoan, snapshotLoan, storedAuditActions, storedLoan } from '../../lending/loans/loan-helpers';

type ErrorEnvelope = { error: { code: string; message: string; details: Record<string, unknown> } };

const toolNames = [
  'svc_list_assets',
  'svc_get_asset',
  'svc_check_availability',
  'svc_list_loans',
  'svc_create_loan',
  'svc_approve_loan',
  'svc_reject_loan',
  'svc_get_audit_log',
];

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

async function callOk(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const result = await call(client, name, args);
  if (result.isError) throw new Error(`${name} failed: ${JSON.stringify(result.structuredContent)}`);
  // The text block carries the same JSON, for clients that read text only.
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(result.structuredContent);
  return result.structuredContent;
}

async function callError(client: Client, name: string, args: Record<string, unknown>): Promise<ErrorEnvelope['error']> {
  const result = await call(client, name, args);
  expect(result.isError, `${name} should fail`).toBe(true);
  const envelope = result.structuredContent as ErrorEnvelope;
  expect(JSON.parse((result.content[0] as { text: string }).text)).toEqual(envelope);
  expect(typeof envelope.error.message).toBe('string');
  return envelope.error;
}

async function loansOf(assetId: string): Promise<number> {
  const [row] = await ownerDb()`select count(*)::int as n from loans where asset_id = ${assetId}`;
  return row!.n as number;
}

let a: TestTenant;
let b: TestTenant;
let employee: Client;
let manager: Client;
let admin: Client;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [employee, manager, admin] = await Promise.all([
    connectMcp(a.slug, await a.employee.token()),
    connectMcp(a.slug, await a.manager.token()),
    connectMcp(a.slug, await a.admin.token()),
  ]);
});

afterAll(async () => {
  await Promise.all([employee, manager, admin].map((client) => client?.close()));
});

describe('MCP server: tools', () => {
  it('lists the tools with input schemas generated from the REST API zod schemas', async () => {
    expect(employee.getServerVersion()).toMatchObject({ name: 'quartermaster', version: '0.1.0' });
    const { tools } = await employee.listTools();
    expect(tools.map((tool) => tool.name)).toEqual(toolNames);
    const schemaOf = (name: string) => tools.find((tool) => tool.name === name)!;
    const input = (schema: z.ZodType) => z.toJSONSchema(schema, { io: 'input', target: 'draft-2020-12' });
    expect(schemaOf('svc_create_loan').inputSchema).toEqual(input(CreateLoanBody));
    expect(schemaOf('svc_list_assets').inputSchema).toEqual(input(ListAssetsQuery));
    expect(schemaOf('svc_get_audit_log').inputSchema).toEqual(input(AuditLogQuery));
    expect(schemaOf('svc_reject_loan').inputSchema.properties).toMatchObject(input(RejectLoanBody).properties!);
    expect(schemaOf('svc_get_audit_log').description).toContain('Minimum role: ADMIN');
    expect(schemaOf('svc_list_assets').annotations).toMatchObject({ readOnlyHint: true, openWorldHint: false });
    expect(schemaOf('svc_create_loan').annotations).toMatchObject({ readOnlyHint: false, idempotentHint: false });
    for (const tool of tools) expect(tool.outputSchema?.type, tool.name).toBe('object');
  });

  it('svc_list_assets and svc_get_asset read the tenant’s assets through the REST lib functions', async () => {
    const [assetId] = await insertAssets(a, [{ name: 'Zeiss Batis 85mm', manufacturer: 'Zeiss' }]);
    await insertAssets(b, [{ name: 'Zeiss Batis 85mm' }]);
    const page = await callOk(employee, 'svc_list_assets', { q: 'batis', limit: 10 });
    expect(page.data.map((asset: { id: string }) => asset.id)).toEqual([assetId]);
    expect(page.pagination).toMatchObject({ limit: 10, total: 1, hasMore: false, nextCursor: null });
    const asset = await callOk(employee, 'svc_get_asset', { assetId });
    expect(asset).toMatchObject({ id: assetId, name: 'Zeiss Batis 85mm', manufacturer: 'Zeiss', status: 'AVAILABLE', categoryId: a.categoryId });
  });

  it('svc_create_loan files the request: stored loan, audit entry and outbox event, as POST /v1/loans does', async () => {
    const [assetId] = await insertAssets(a, [{}]);
    const loan = await callOk(employee, 'svc_create_loan', { assetId, startDate: day(1), endDate: day(3), purpose: 'Product shoot' });
    expect(loan).toMatchObject({ assetId, requesterId: a.employee.id, status: 'PENDING_APPROVAL', startDate: day(1), endDate: day(3), purpose: 'Product shoot' });
    expect(await storedLoan(loan.id)).toMatchObject({ status: 'PENDING_APPROVAL', start_date: day(1), end_date: day(3), purpose: 'Product shoot' });
    const [stored] = await ownerDb()`select organisation_id, requester_id from loans where id = ${loan.id}`;
    expect(stored).toEqual({ organisation_id: a.id, requester_id: a.employee.id });
    expect(await storedAuditActions(assetId!)).toEqual(['LOAN_REQUESTED']);
    const outbox = await ownerDb()`select kind, organisation_id from outbox where payload->>'loanId' = ${loan.id}`;
    expect(outbox).toEqual([{ kind: 'LOAN_REQUESTED', organisation_id: a.id }]);

    const availability = await callOk(employee, 'svc_check_availability', { assetId, from: day(0), to: day(5) });
    expect(availability).toMatchObject({ assetId, available: true, busy: [], pendingRequests: [{ startDate: day(1), endDate: day(3), mine: true }] });
    const mine = await callOk(employee, 'svc_list_loans', { userId: 'me', assetId });
    expect(mine.data.map((l: { id: string }) => l.id)).toEqual([loan.id]);
  });

  it('a manager approves and rejects; the admin reads both decisions in the audit log', async () => {
    const [first, second] = await insertAssets(a, [{}, {}]);
    const toApprove = await callOk(employee, 'svc_create_loan', { assetId: first, startDate: day(2), endDate: day(4), purpose: 'Trade fair' });
    const toReject = await callOk(employee, 'svc_create_loan', { assetId: second, startDate: day(2), endDate: day(4), purpose: 'Weekend' });

    const approved = await callOk(manager, 'svc_approve_loan', { loanId: toApprove.id });
    expect(approved).toMatchObject({ id: toApprove.id, status: 'APPROVED', decidedById: a.manager.id });
    expect(await storedLoan(toApprove.id)).toMatchObject({ status: 'APPROVED', decided_by_id: a.manager.id });

    const rejected = await callOk(manager, 'svc_reject_loan', { loanId: toReject.id, reason: 'Needed for the audit' });
    expect(rejected).toMatchObject({ id: toReject.id, status: 'REJECTED', rejectionReason: 'Needed for the audit' });
    expect(await storedLoan(toReject.id)).toMatchObject({ status: 'REJECTED', rejection_reason: 'Needed for the audit', decided_by_id: a.manager.id });

    const approvals = await callOk(admin, 'svc_get_audit_log', { action: 'LOAN_APPROVED', targetId: toApprove.id });
    expect(approvals.data).toEqual([
      expect.objectContaining({ action: 'LOAN_APPROVED', target: { type: 'LOAN', id: toApprove.id }, actor: { type: 'USER', userId: a.manager.id }, assetId: first }),
    ]);
    const rejections = await callOk(admin, 'svc_get_audit_log', { targetId: toReject.id, limit: 5 });
    expect(rejections.data.map((entry: { action: string }) => entry.action)).toEqual(['LOAN_REJECTED', 'LOAN_REQUESTED']);
    expect(rejections.pagination).toMatchObject({ limit: 5, total: 2, hasMore: false });
  });
});

describe('MCP server: roles', () => {
  it('an EMPLOYEE cannot read the audit log, nor approve or reject; nothing changes', async () => {
    const [assetId] = await insertAssets(a, [{}]);
    const loanId = await insertLoan(a, { assetId: assetId!, requesterId: a.admin.id, startDate: day(1), endDate: day(2) });
    const before = await snapshotLoan(loanId);

    expect(await callError(employee, 'svc_get_audit_log', {})).toEqual({
      code: 'FORBIDDEN',
      message: 'This action requires the ADMIN role or higher.',
      details: { requiredRole: 'ADMIN' },
    });
    expect(await callError(employee, 'svc_approve_loan', { loanId })).toMatchObject({ code: 'FORBIDDEN', details: { requiredRole: 'ASSET_MANAGER' } });
    expect(await callError(employee, 'svc_reject_loan', { loanId, reason: 'no' })).toMatchObject({ code: 'FORBIDDEN', details: { requiredRole: 'ASSET_MANAGER' } });
    // An asset manager is not an admin either.
    expect(await callError(manager, 'svc_get_audit_log', {})).toMatchObject({ code: 'FORBIDDEN', details: { requiredRole: 'ADMIN' } });
    expect(await snapshotLoan(loanId)).toEqual(before);
  });

  it('the role is read from the stored account: a demoted manager is refused at once', async () => {
    const demoted = await connectMcp(a.slug, await a.manager.token());
    try {
      await ownerDb()`update users set role = 'EMPLOYEE' where id = ${a.manager.id}`;
      expect(await callError(demoted, 'svc_approve_loan', { loanId: '00000000-0000-4000-8000-000000000001' })).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await ownerDb()`update users set role = 'ASSET_MANAGER' where id = ${a.manager.id}`;
      await demoted.close();
    }
  });

  it("an employee's own loans only: another user's loans need ASSET_MANAGER", async () => {
    expect(await callError(employee, 'svc_list_loans', { userId: a.admin.id })).toMatchObject({ code: 'FORBIDDEN', details: { requiredRole: 'ASSET_MANAGER' } });
  });
});

describe('MCP server: tenant isolation', () => {
  it("another tenant's asset and loan ids answer NOT_FOUND, and nothing is written", async () => {
    const [foreignAsset] = await insertAssets(b, [{}]);
    const foreignLoan = await insertLoan(b, { assetId: foreignAsset!, requesterId: b.employee.id, startDate: day(1), endDate: day(2) });
    const before = await snapshotLoan(foreignLoan);

    expect(await callError(employee, 'svc_get_asset', { assetId: foreignAsset })).toEqual({
      code: 'ASSET_NOT_FOUND',
      message: expect.any(String),
      details: { assetId: foreignAsset, organisationId: a.id },
    });
    expect(await callError(employee, 'svc_check_availability', { assetId: foreignAsset, from: day(0), to: day(3) })).toMatchObject({ code: 'ASSET_NOT_FOUND' });
    expect(await callError(employee, 'svc_create_loan', { assetId: foreignAsset, startDate: day(1), endDate: day(2), purpose: 'x' })).toMatchObject({
      code: 'ASSET_NOT_FOUND',
      details: { assetId: foreignAsset, organisationId: a.id },
    });
    expect(await callError(manager, 'svc_approve_loan', { loanId: foreignLoan })).toMatchObject({ code: 'LOAN_NOT_FOUND', details: { loanId: foreignLoan } });
    expect(await callError(manager, 'svc_reject_loan', { loanId: foreignLoan, reason: 'x' })).toMatchObject({ code: 'LOAN_NOT_FOUND' });
    const audit = await callOk(admin, 'svc_get_audit_log', { targetId: foreignLoan });
    expect(audit.data).toEqual([]);

    expect(await loansOf(foreignAsset!)).toBe(1);
    expect(await snapshotLoan(foreignLoan)).toEqual(before);
  });
});

describe('MCP server: bad input', () => {
  it('answers VALIDATION_ERROR with the issues, and stores nothing', async () => {
    const [assetId] = await insertAssets(a, [{}]);
    const valid = { assetId, startDate: day(1), endDate: day(2), purpose: 'Client visit' };

    const reversed = await callError(employee, 'svc_create_loan', { ...valid, startDate: day(3) });
    expect(reversed).toMatchObject({ code: 'VALIDATION_ERROR', details: { location: 'arguments', issues: [expect.objectContaining({ path: 'endDate' })] } });
    const unknown = await callError(employee, 'svc_create_loan', { ...valid, priority: 'high' });
    expect(unknown).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [expect.objectContaining({ code: 'unrecognized_keys' })] } });
    const missing = await callError(employee, 'svc_create_loan', { assetId });
    expect((missing.details.issues as { path: string }[]).map((issue) => issue.path).sort()).toEqual(['endDate', 'purpose', 'startDate']);
    expect(await callError(employee, 'svc_create_loan', { ...valid, assetId: 'laptop-1' })).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await callError(employee, 'svc_create_loan', { ...valid, startDate: '2030-02-30' })).toMatchObject({ code: 'VALIDATION_ERROR' });
    // The lib function's own rules answer in the same envelope.
    const past = await callError(employee, 'svc_create_loan', { ...valid, startDate: day(-1) });
    expect(past).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [expect.objectContaining({ path: 'startDate', code: 'in_past' })] } });

    expect(await callError(employee, 'svc_list_assets', { limit: 1000 })).toMatchObject({ code: 'VALIDATION_ERROR', details: { issues: [expect.objectContaining({ path: 'limit' })] } });
    expect(await callError(employee, 'svc_list_assets', { cursor: 'not-a-cursor' })).toMatchObject({ code: 'VALIDATION_ERROR', details: { parameter: 'cursor' } });
    expect(await callError(employee, 'svc_check_availability', { assetId, from: day(5), to: day(1) })).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await loansOf(assetId!)).toBe(0);
  });

  it('a conflict answers LOAN_CONFLICT with the busy range', async () => {
    const [assetId] = await insertAssets(a, [{}]);
    await insertLoan(a, { assetId: assetId!, requesterId: a.admin.id, status: 'APPROVED', startDate: day(2), endDate: day(4) });
    const conflict = await callError(employee, 'svc_create_loan', { assetId, startDate: day(3), endDate: day(5), purpose: 'x' });
    expect(conflict).toEqual({ code: 'LOAN_CONFLICT', message: expect.any(String), details: { assetId, conflicts: [{ startDate: day(2), endDate: day(4), status: 'APPROVED' }] } });
    expect(await loansOf(assetId!)).toBe(1);
  });

  it('an unknown tool is a protocol error', async () => {
    await expect(employee.callTool({ name: 'svc_delete_everything', arguments: {} })).rejects.toThrow(/svc_delete_everything/);
  });
});

describe('MCP server: the 2026-07-28 protocol revision', () => {
  it('serves the same tools, pipeline and errors to a client negotiating the modern revision', async () => {
    const modern = await connectMcp(a.slug, await a.employee.token(), 'auto');
    try {
      expect(modern.getProtocolEra()).toBe('modern');
      expect((await modern.listTools()).tools.map((tool) => tool.name)).toEqual(toolNames);
      const [assetId] = await insertAssets(a, [{}]);
      const loan = await callOk(modern, 'svc_create_loan', { assetId, startDate: day(1), endDate: day(1), purpose: 'One day' });
      expect(await storedLoan(loan.id)).toMatchObject({ status: 'PENDING_APPROVAL', purpose: 'One day' });
      expect(await callError(modern, 'svc_get_audit_log', {})).toMatchObject({ code: 'FORBIDDEN' });
    } finally {
      await modern.close();
    }
  });
});
