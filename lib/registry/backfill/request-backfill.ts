import { eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { registryBackfills } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { loadBackfill, REGISTRY_BACKFILL_REQUESTED_EVENT } from './backfill-store';
import { registrySyncOff } from './errors';

/**
 * An admin starts the tenant's initial backfill, or resumes one that failed or stopped: the job is told after
 * the commit (the nightly run covers a lost event). A completed backfill starts over from a fresh snapshot,
 * which changes nothing already matched (the backfill is idempotent). One already requested or running is left
 * as it is.
 */
export async function requestBackfill(tx: Tx, ctx: RequestContext, registryConfigured: boolean): Promise<'started' | 'resumed' | 'in_progress'> {
  if (!registryConfigured) throw registrySyncOff();
  const row = await loadBackfill(tx, ctx.organisationId, { lock: true });
  if (row && (row.status === 'requested' || row.status === 'running')) {
    ctx.afterCommit(() => dispatchEvent(REGISTRY_BACKFILL_REQUESTED_EVENT));
    return 'in_progress';
  }
  const resume = row?.status === 'failed';
  const values = resume
    ? { status: 'requested' as const, requestedBy: ctx.user.id, requestedAt: ctx.now, lastError: null, updatedAt: ctx.now }
    : { status: 'requested' as const, requestedBy: ctx.user.id, requestedAt: ctx.now, snapshotId: null, lastPage: 0, totalPages: null, startedAt: null, finishedAt: null, lastError: null, updatedAt: ctx.now };
  if (row) await tx.update(registryBackfills).set(values).where(eq(registryBackfills.organisationId, ctx.organisationId));
  else await tx.insert(registryBackfills).values({ organisationId: ctx.organisationId, ...values });
  await recordAudit(tx, ctx, {
    action: 'REGISTRY_BACKFILL_REQUESTED',
    targetType: 'ORGANISATION',
    targetId: ctx.organisationId,
    changes: { status: { before: row?.status ?? null, after: 'requested' } },
    metadata: { resume, lastPage: resume ? row!.lastPage : 0 },
  });
  ctx.afterCommit(() => dispatchEvent(REGISTRY_BACKFILL_REQUESTED_EVENT));
  return resume ? 'resumed' : 'started';
}
