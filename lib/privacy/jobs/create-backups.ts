import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { backups } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { type FieldEncryption, getFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createContext } from '@/lib/platform/core/context';
import { expireBackups } from '@/lib/privacy/backups/expire-backups';
import { exportTenantData, type TenantExport } from '@/lib/privacy/backups/export-tenant-data';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { describeError, type DueItem, findDueItems, type JobDeps } from '@/lib/platform/jobs/job-deps';

export type CreateBackupsDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & { encryption?: FieldEncryption };
export type CreateBackupsResult = { created: number; failed: number; expired: number };

const BACKUPS_PER_RUN = 5;
// Shown to the admin: the cause goes to the server log only, since it can name tables, hosts or queries.
export const BACKUP_FAILED_MESSAGE = 'The backup could not be created. Please try again; if it keeps failing, contact support.';

const backupIn = (item: DueItem, status: 'PENDING' | 'RUNNING') =>
  and(eq(backups.organisationId, item.organisationId), eq(backups.id, item.id), eq(backups.status, status));

/** The atomic claim: of two runners racing for one backup, exactly one gets a row back. */
async function claimBackup(db: Database, item: DueItem): Promise<boolean> {
  const claimed = await withTenant(db, item.organisationId, (tx) =>
    tx.update(backups).set({ status: 'RUNNING' }).where(backupIn(item, 'PENDING')).returning({ id: backups.id }),
  );
  return claimed.length > 0;
}

async function completeBackup(db: Database, item: DueItem, result: TenantExport, now: Date, runId: string): Promise<number> {
  return withTenant(db, item.organisationId, async (tx) => {
    const sizeBytes = result.content.length;
    const [done] = await tx
      .update(backups)
      .set({ status: 'READY', content: result.content, sizeBytes, completedAt: now, error: null })
      .where(backupIn(item, 'RUNNING'))
      .returning({ id: backups.id });
    if (!done) return 0;
    const { ctx } = createContext({ organisationId: item.organisationId, requestId: runId, now, user: null });
    await recordAudit(tx, ctx, { action: 'BACKUP_COMPLETED', targetType: 'BACKUP', targetId: item.id, changes: { status: { before: 'RUNNING', after: 'READY' } }, metadata: { sizeBytes, rowCounts: result.rowCounts } });
    return expireBackups(tx, ctx);
  });
}

async function failBackup(db: Database, item: DueItem, now: Date, runId: string): Promise<void> {
  await withTenant(db, item.organisationId, async (tx) => {
    const [failed] = await tx
      .update(backups)
      .set({ status: 'FAILED', error: BACKUP_FAILED_MESSAGE, completedAt: now })
      .where(backupIn(item, 'RUNNING'))
      .returning({ id: backups.id });
    if (failed) {
      await recordAudit(tx, createContext({ organisationId: item.organisationId, requestId: runId, now, user: null }).ctx, { action: 'BACKUP_FAILED', targetType: 'BACKUP', targetId: item.id, changes: { status: { before: 'RUNNING', after: 'FAILED' } } });
    }
  });
}

/**
 * Makes the requested backups: finds PENDING ones across tenants (identifiers only, migration 0007), claims
 * each, exports the tenant's data under its own RLS context, stores the file and keeps the newest ten.
 */
export async function createBackups(deps: CreateBackupsDeps): Promise<CreateBackupsResult> {
  const runId = deps.runId ?? randomUUID();
  const result: CreateBackupsResult = { created: 0, failed: 0, expired: 0 };
  const due = await findDueItems(deps.db, sql`select id, organisation_id from app_pending_backups(${BACKUPS_PER_RUN}::integer)`);
  for (const item of due) {
    try {
      if (!(await claimBackup(deps.db, item))) continue;
    } catch (error) {
      deps.log?.error(`[quartermaster] claiming backup ${item.id} failed: ${describeError(error)}`);
      continue;
    }
    try {
      const exported = await exportTenantData(deps.db, item.organisationId, deps.now(), (deps.encryption ?? getFieldEncryption()).keyRing);
      result.expired += await completeBackup(deps.db, item, exported, deps.now(), runId);
      result.created += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] backup ${item.id} of organisation ${item.organisationId} failed: ${describeError(error)}`);
      try {
        await failBackup(deps.db, item, deps.now(), runId);
        result.failed += 1;
      } catch (settleError) {
        deps.log?.error(`[quartermaster] recording the failure of backup ${item.id} failed: ${describeError(settleError)}`);
      }
    }
  }
  return result;
}
