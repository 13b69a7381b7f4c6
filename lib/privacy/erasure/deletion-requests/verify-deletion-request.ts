import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataDeletionRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { DATA_DELETION_TARGET_MS, dataDeletionFilerCannotVerify, dataDeletionOwnRequest, dataDeletionStateConflict, filedByCaller, findVisibleRequest, toDataDeletionDto } from './deletion-request-store';
import type { DataDeletionRequest, VerifyDeletionRequestBody } from './schemas';

export const DATA_DELETION_VERIFIED_EVENT = 'quartermaster/data-deletion.verified';

/**
 * An ADMIN confirms the subject's identity (spec 001: by phone, video or in person): pending -> verified, the
 * 7-day target starts, and the job is told after the commit (its sweep covers a lost event). Four eyes: the
 * verifier is neither the subject nor whoever filed the request (403).
 */
export async function verifyDeletionRequest(tx: Tx, ctx: RequestContext, requestId: string, input: VerifyDeletionRequestBody): Promise<DataDeletionRequest> {
  const row = await findVisibleRequest(tx, ctx, requestId, true);
  if (row.status !== 'pending') throw dataDeletionStateConflict(requestId, row.status, 'verify');
  if (row.personId === ctx.user.personId) throw dataDeletionOwnRequest(requestId);
  if (await filedByCaller(tx, ctx, row.requestedByUserId)) throw dataDeletionFilerCannotVerify(requestId);
  const targetDueAt = new Date(ctx.now.getTime() + DATA_DELETION_TARGET_MS);
  const note = input.note ? input.note : null;
  await tx
    .update(dataDeletionRequests)
    .set({ status: 'verified', verificationMethod: input.method, verificationNote: note, verifiedAt: ctx.now, verifiedByUserId: ctx.user.id, targetDueAt, updatedAt: ctx.now })
    .where(and(eq(dataDeletionRequests.organisationId, ctx.organisationId), eq(dataDeletionRequests.id, requestId)));
  await recordAudit(tx, ctx, {
    action: 'DATA_DELETION_VERIFIED',
    targetType: 'DATA_DELETION_REQUEST',
    targetId: requestId,
    changes: { status: { before: 'pending', after: 'verified' }, targetDueAt: { before: null, after: targetDueAt.toISOString() } },
    metadata: { method: input.method, scope: row.scope },
  });
  ctx.afterCommit(() => dispatchEvent(DATA_DELETION_VERIFIED_EVENT));
  return toDataDeletionDto({ ...row, status: 'verified', verificationMethod: input.method, verificationNote: note, verifiedAt: ctx.now, verifiedByUserId: ctx.user.id, targetDueAt }, ctx);
}
