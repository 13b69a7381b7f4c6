import { and, eq, isNull, lte, sql } from 'drizzle-orm';
import { dataExports } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { createContext } from '@/lib/platform/core/context';
import { forgetLinkToken } from '@/lib/privacy/data-export/data-export-email';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { describeError, findDueItems, type JobDeps } from '@/lib/platform/jobs/job-deps';

const LAPSED_PER_RUN = 100;

/**
 * Ready exports whose link lapsed unused lose their file (no copy of the data lingers) and show as expired;
 * the record stays, with its audit trail. A link used in the meantime is left alone.
 */
export async function expireDataExports(deps: Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'>): Promise<number> {
  const now = deps.now();
  const lapsed = await findDueItems(deps.db, sql`select id, organisation_id from app_lapsed_data_exports(${now.toISOString()}::timestamptz, ${LAPSED_PER_RUN}::integer)`);
  let expired = 0;
  for (const item of lapsed) {
    try {
      const done = await withTenant(deps.db, item.organisationId, async (tx) => {
        const [row] = await tx
          .update(dataExports)
          .set({ status: 'expired', content: null })
          .where(and(eq(dataExports.organisationId, item.organisationId), eq(dataExports.id, item.id), eq(dataExports.status, 'ready'), isNull(dataExports.downloadedAt), lte(dataExports.linkExpiresAt, now)))
          .returning({ id: dataExports.id });
        if (!row) return false;
        await forgetLinkToken(tx, item.organisationId, item.id);
        const { ctx } = createContext({ organisationId: item.organisationId, requestId: deps.runId, now, user: null });
        await recordAudit(tx, ctx, { action: 'DATA_EXPORT_EXPIRED', targetType: 'DATA_EXPORT', targetId: item.id, changes: { status: { before: 'ready', after: 'expired' } } });
        return true;
      });
      if (done) expired += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] expiring data export ${item.id} failed: ${describeError(error)}`);
    }
  }
  return expired;
}
