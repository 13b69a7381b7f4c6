import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { AssetAuditLogQuery, AuditLogQuery } from '@/lib/platform/audit/schemas';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { resourceSchemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation, mcpTool } from '../operation';

export const listAuditLog = defineOperation({
  method: 'get',
  path: '/v1/audit-log',
  operationId: 'listAuditLog',
  summary: "List the organisation's audit log",
  description: 'Every recorded change in the organisation, newest first, filtered by actor, action, target and period. Entries are immutable.',
  tag: 'Audit log',
  role: 'ADMIN',
  query: AuditLogQuery,
  success: { status: 200, description: 'One page of audit entries.', schema: resourceSchemas.auditEntryPage },
  mcp: mcpTool({
    name: 'svc_get_audit_log',
    title: 'Read the audit log',
    description:
      "One page of the organisation's immutable audit log, newest first: who changed what and when. Filter by actor, action (such as LOAN_APPROVED), target and period.",
    input: AuditLogQuery,
    run: (tx, ctx, input) => listAuditEntries(tx, ctx, input),
  }),
});

// One asset's audit log is read under the asset (tag Assets), from the same entries.
export const listAssetAuditLog = defineOperation({
  method: 'get',
  path: '/v1/assets/{id}/audit-log',
  operationId: 'listAssetAuditLog',
  summary: "List an asset's audit log",
  description: 'Every recorded change of one asset (who, when, what), newest first. Entries are immutable.',
  tag: 'Assets',
  role: 'ASSET_MANAGER',
  params: AssetIdParams,
  query: AssetAuditLogQuery,
  success: { status: 200, description: 'One page of audit entries.', schema: resourceSchemas.auditEntryPage },
  errors: ['ASSET_NOT_FOUND'],
});
