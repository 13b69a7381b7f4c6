import type { CallToolResult } from '@modelcontextprotocol/client';
import { expect } from 'vitest';
import { call } from '../../../support/api';
import type { TestTenant } from '../../../support/factories';
import { connectMcp } from '../../../support/mcp-client';
import { getBinary, parseBackup, readableText, runBackupJob } from '../../privacy/backups/backup-helpers';
import { outboxToken, runExportJob } from '../../privacy/data-export/data-export-helpers';

// Every way an audit entry leaves the platform, read as a client would: the REST API, the MCP tool, a tenant
// backup and a person's own data export.

export type ApiAuditEntry = {
  id: string;
  actor: { type: string; userId: string | null };
  action: string;
  target: { type: string; id: string };
  changes: Record<string, { before: unknown; after: unknown }>;
  metadata: Record<string, unknown>;
  requestId: string | null;
};

export async function auditLogApi(tenant: TestTenant, token: string, query: string): Promise<{ data: ApiAuditEntry[]; total: number }> {
  const res = await call('GET', `/api/v1/audit-log?limit=100&${query}`, { tenant: tenant.slug, token });
  expect(res.status, res.text).toBe(200);
  return { data: res.body.data, total: res.body.pagination.total };
}

export async function auditLogMcp(tenant: TestTenant, token: string, args: Record<string, unknown>): Promise<ApiAuditEntry[]> {
  const client = await connectMcp(tenant.slug, token);
  try {
    const result = (await client.callTool({ name: 'svc_get_audit_log', arguments: { limit: 100, ...args } })) as CallToolResult;
    expect(result.isError, JSON.stringify(result.structuredContent)).toBeFalsy();
    return (result.structuredContent as { data: ApiAuditEntry[] }).data;
  } finally {
    await client.close();
  }
}

/**
 * A fresh backup of the tenant as its admin downloads it: the text anyone holding the file can read, and the audit
 * rows sealed in it, which only a restore opens (lib/privacy/backups/backup-seal.ts).
 */
export async function backupAuditLog(tenant: TestTenant, adminToken: string, runId: string): Promise<{ readable: string; sealedRows: Record<string, unknown>[] }> {
  const requested = await call('POST', '/api/v1/backups', { tenant: tenant.slug, token: adminToken });
  expect(requested.status).toBe(202);
  expect(await runBackupJob(runId)).toMatchObject({ failed: 0 });
  const file = await getBinary(`/api/v1/backups/${requested.body.id}/download`, tenant.slug, adminToken);
  expect(file.status).toBe(200);
  return { readable: readableText(file.bytes), sealedRows: (await parseBackup(file.bytes)).tables.audit_log! };
}

/** The caller's own data export (JSON), requested, built by the job and downloaded through its one-time link. */
export async function ownDataExport(tenant: TestTenant, token: string, runId: string): Promise<Record<string, any>> {
  const requested = await call('GET', '/api/v1/data-export', { tenant: tenant.slug, token });
  expect(requested.status).toBe(202);
  expect(await runExportJob(runId)).toMatchObject({ failed: 0 });
  const link = await outboxToken(tenant.id, requested.body.id);
  const file = await call('GET', `/api/v1/data-export/${requested.body.id}/download?token=${link}`, { tenant: tenant.slug });
  expect(file.status).toBe(200);
  return file.body;
}
