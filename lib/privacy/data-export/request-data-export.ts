import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataExports } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { dataExportColumns, toDataExportDto } from './data-export-store';
import type { DataExport, DataExportFormat, RequestDataExportQuery } from './schemas';

export const DATA_EXPORT_REQUESTED_EVENT = 'quartermaster/data-export.requested';

// Far longer than any export takes: a running export this old lost its runner.
export const STALE_DATA_EXPORT_MS = 60 * 60 * 1000;
export const DATA_EXPORT_INTERRUPTED_MESSAGE = 'The export was interrupted before it finished. Please request a new one.';

export type RequestedDataExport = { dataExport: DataExport; reused: boolean };

/**
 * A runner that died mid-export cannot record its failure, and its running row would be handed back to every
 * later request as "in progress"; the next request settles it as failed. A late runner cannot revive it:
 * completion only updates running rows.
 */
async function failStaleExports(tx: Tx, ctx: RequestContext, format: DataExportFormat): Promise<void> {
  const stale = await tx
    .update(dataExports)
    .set({ status: 'failed', error: DATA_EXPORT_INTERRUPTED_MESSAGE, completedAt: ctx.now })
    .where(
      and(
        eq(dataExports.organisationId, ctx.organisationId),
        eq(dataExports.personId, ctx.user.personId),
        eq(dataExports.format, format),
        eq(dataExports.status, 'running'),
        lt(dataExports.startedAt, new Date(ctx.now.getTime() - STALE_DATA_EXPORT_MS)),
      ),
    )
    .returning({ id: dataExports.id });
  for (const { id } of stale) {
    await recordAudit(tx, ctx, { action: 'DATA_EXPORT_FAILED', targetType: 'DATA_EXPORT', targetId: id, changes: { status: { before: 'running', after: 'failed' } }, metadata: { reason: 'interrupted' } });
  }
}

/**
 * Queues an export of the caller's own data (spec 001, access and portability). An export of the same format
 * already pending or running for the caller's person is handed back instead of queueing a twin. The job is
 * told only after the commit; the cron sweep covers a lost event.
 */
export async function requestDataExport(tx: Tx, ctx: RequestContext, input: RequestDataExportQuery): Promise<RequestedDataExport> {
  await failStaleExports(tx, ctx, input.format);
  const subject = and(eq(dataExports.organisationId, ctx.organisationId), eq(dataExports.personId, ctx.user.personId), eq(dataExports.format, input.format));
  // The export in progress can finish between the refused insert and the lookup; the second round then queues anew.
  for (let attempt = 0; attempt < 2; attempt++) {
    // data_exports_in_progress_key admits one pending or running export per person and format, also under concurrent requests.
    const [inserted] = await tx
      .insert(dataExports)
      .values({ organisationId: ctx.organisationId, requestedByUserId: ctx.user.id, personId: ctx.user.personId, format: input.format, status: 'pending', createdAt: ctx.now })
      .onConflictDoNothing({ target: [dataExports.organisationId, dataExports.personId, dataExports.format], where: sql`status in ('pending', 'running')` })
      .returning(dataExportColumns);
    if (inserted) {
      await recordAudit(tx, ctx, { action: 'DATA_EXPORT_REQUESTED', targetType: 'DATA_EXPORT', targetId: inserted.id, changes: { status: { before: null, after: 'pending' } }, metadata: { format: input.format } });
      ctx.afterCommit(() => dispatchEvent(DATA_EXPORT_REQUESTED_EVENT));
      return { dataExport: toDataExportDto(inserted), reused: false };
    }
    const [inProgress] = await tx.select(dataExportColumns).from(dataExports).where(and(subject, inArray(dataExports.status, ['pending', 'running'])));
    if (inProgress) return { dataExport: toDataExportDto(inProgress), reused: true };
  }
  throw new Error(`No ${input.format} export could be queued or found in progress`);
}
