import { z } from 'zod';
import { operations } from '@/lib/transport/operations/catalogue';
import { type Operation, operationName } from '@/lib/transport/operations/operation';
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

// The tools not yet declared with their operation (lib/transport/operations).
const legacyTools: McpTool[] = [
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

const toolOf = (operation: Operation): McpTool => {
  const { name, title, description, input, destructive, run } = operation.mcp!;
  return { name, title, description, role: operation.role, rest: operationName(operation), input, output: operation.success.schema!, readOnly: operation.method === 'get', destructive, run };
};

/** Every MCP tool: the operations that declare an `mcp` exposure, each as its REST operation allows. */
export const mcpTools: McpTool[] = [...legacyTools, ...operations.filter((operation) => operation.mcp).map(toolOf)];
