import { z } from 'zod';
import type { Tx } from '@/db/client';
import { pageSchema } from '@/lib/platform/pagination';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { listAssets } from '@/lib/lending/assets/list-assets';
import { Asset, AssetIdParams, AssetPagePagination, ListAssetsQuery } from '@/lib/lending/assets/schemas';
import { toAssetDto } from '@/lib/lending/assets/to-asset-dto';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { AuditEntry, AuditLogQuery } from '@/lib/platform/audit/schemas';
import type { Role } from '@/lib/platform/auth/roles';
import type { RequestContext } from '@/lib/platform/core/context';
import { approveLoan } from '@/lib/lending/loans/approve-loan';
import { createLoan } from '@/lib/lending/loans/create-loan';
import { getAvailability } from '@/lib/lending/loans/loan-planning';
import { listLoans } from '@/lib/lending/loans/list-loans';
import { toLoanDto } from '@/lib/lending/loans/loan-store';
import { rejectLoan } from '@/lib/lending/loans/reject-loan';
import { Availability, AvailabilityQuery, CreateLoanBody, ListLoansQuery, Loan, LoanIdParams, RejectLoanBody } from '@/lib/lending/loans/schemas';

/**
 * One MCP tool: the input schema is the REST operation's own (query or body, with the path id as a named field),
 * run calls the same lib/ function as the route handler, and role is the route's minimum role.
 */
export type McpTool<I extends z.ZodType = z.ZodType> = {
  name: string;
  title: string;
  description: string;
  /** Minimum role, as route() demands it of the REST operation this tool mirrors. */
  role: Role;
  /** That REST operation, for the descriptions and the OpenAPI document. */
  rest: string;
  input: I;
  output: z.ZodType;
  /** Reads only; a tool that changes state is neither idempotent nor open-world. */
  readOnly: boolean;
  /** Its change cannot be undone by another call (a rejection is final). */
  destructive?: boolean;
  run: (tx: Tx, ctx: RequestContext, input: z.infer<I>) => Promise<unknown>;
};

const defineTool = <I extends z.ZodType>(tool: McpTool<I>): McpTool => tool as unknown as McpTool;

const assetId = AssetIdParams.shape.id.describe('The asset (its id, from svc_list_assets).');
const loanId = LoanIdParams.shape.id.describe('The loan (its id, from svc_list_loans or svc_create_loan).');

export const mcpTools: McpTool[] = [
  defineTool({
    name: 'svc_list_assets',
    title: 'List assets',
    description: "One page of the organisation's assets, newest first unless sort says otherwise; filter by status, category, location, owner, or search with q. Pass pagination.nextCursor as cursor for the next page.",
    role: 'EMPLOYEE',
    rest: 'GET /v1/assets',
    input: ListAssetsQuery,
    output: pageSchema(Asset).extend({ pagination: AssetPagePagination }),
    readOnly: true,
    run: (tx, ctx, input) => listAssets(tx, ctx, input),
  }),
  defineTool({
    name: 'svc_get_asset',
    title: 'Get an asset',
    description: 'One asset with all its facts: status, inventory and serial number, maker and model, purchase, warranty, owner and custom fields.',
    role: 'EMPLOYEE',
    rest: 'GET /v1/assets/{id}',
    input: z.strictObject({ assetId }),
    output: Asset,
    readOnly: true,
    run: async (tx, ctx, input) => toAssetDto(await findAssetRow(tx, ctx, input.assetId)),
  }),
  defineTool({
    name: 'svc_check_availability',
    title: 'Check availability',
    description: 'Whether an asset can be booked for a period (from and to inclusive, YYYY-MM-DD, at most 366 days): the approved or active loans that take it and the pending requests that overlap.',
    role: 'EMPLOYEE',
    rest: 'GET /v1/assets/{id}/availability',
    input: AvailabilityQuery.safeExtend({ assetId }),
    output: Availability,
    readOnly: true,
    run: (tx, ctx, input) => getAvailability(tx, ctx, input.assetId, input.from, input.to),
  }),
  defineTool({
    name: 'svc_list_loans',
    title: 'List loans',
    description: "One page of loans, newest first. Employees see their own loans; another user's loans, or everyone's, need ASSET_MANAGER. awaitingDecision=\"true\" lists what waits for an approver.",
    role: 'EMPLOYEE',
    rest: 'GET /v1/loans',
    input: ListLoansQuery,
    output: pageSchema(Loan),
    readOnly: true,
    run: (tx, ctx, input) => listLoans(tx, ctx, input),
  }),
  defineTool({
    name: 'svc_create_loan',
    title: 'Request a loan',
    description: "Files a loan request for the caller (PENDING_APPROVAL, or APPROVED at once when the organisation's policy needs no approval); the approver is e-mailed. Dates are inclusive, YYYY-MM-DD, not in the past and within the policy's limits. An overlap with an approved or active loan is LOAN_CONFLICT.",
    role: 'EMPLOYEE',
    rest: 'POST /v1/loans',
    input: CreateLoanBody,
    output: Loan,
    readOnly: false,
    run: async (tx, ctx, input) => toLoanDto((await createLoan(tx, ctx, input)).loan, ctx.now),
  }),
  defineTool({
    name: 'svc_approve_loan',
    title: 'Approve a loan',
    description: 'Approves a pending loan request, or the pending extension of an approved or active loan. The designated approver decides (any asset manager when none is designated; an admin always), never on their own request.',
    role: 'ASSET_MANAGER',
    rest: 'POST /v1/loans/{id}/approve',
    input: z.strictObject({ loanId }),
    output: Loan,
    readOnly: false,
    run: async (tx, ctx, input) => toLoanDto((await approveLoan(tx, ctx, input.loanId)).loan, ctx.now),
  }),
  defineTool({
    name: 'svc_reject_loan',
    title: 'Reject a loan',
    description: 'Rejects a pending loan request (final), or the pending extension of a loan, with a reason the borrower is told.',
    role: 'ASSET_MANAGER',
    rest: 'POST /v1/loans/{id}/reject',
    input: RejectLoanBody.extend({ loanId }),
    output: Loan,
    readOnly: false,
    destructive: true,
    run: async (tx, ctx, input) => toLoanDto((await rejectLoan(tx, ctx, input.loanId, input.reason)).loan, ctx.now),
  }),
  defineTool({
    name: 'svc_get_audit_log',
    title: 'Read the audit log',
    description: "One page of the organisation's immutable audit log, newest first: who changed what and when. Filter by actor, action (such as LOAN_APPROVED), target and period.",
    role: 'ADMIN',
    rest: 'GET /v1/audit-log',
    input: AuditLogQuery,
    output: pageSchema(AuditEntry),
    readOnly: true,
    run: (tx, ctx, input) => listAuditEntries(tx, ctx, input),
  }),
];
