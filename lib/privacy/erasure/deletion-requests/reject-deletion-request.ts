import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { dataDeletionRequests } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import { dataDeletionOwnRequest, dataDeletionStateConflict, findVisibleRequest, toDataDeletionDto } from './deletion-request-store';
import type { DataDeletionRequest, RejectDeletionRequestBody } from './schemas';
import { findSubjectContact } from './subject-contact';

/**
 * An ADMIN refuses a pending request (the path spec 001 leaves open), with a reason the subject is told by
 * e-mail (sent even while their processing is restricted: it answers their own request) and in the app.
 */
export async function rejectDeletionRequest(tx: Tx, ctx: RequestContext, requestId: string, input: RejectDeletionRequestBody): Promise<DataDeletionRequest> {
  const row = await findVisibleRequest(tx, ctx, requestId, true);
  if (row.status !== 'pending') throw dataDeletionStateConflict(requestId, row.status, 'reject');
  if (row.personId === ctx.user.personId) throw dataDeletionOwnRequest(requestId);
  await tx
    .update(dataDeletionRequests)
    .set({ status: 'rejected', rejectionReason: input.reason, rejectedAt: ctx.now, rejectedByUserId: ctx.user.id, updatedAt: ctx.now })
    .where(and(eq(dataDeletionRequests.organisationId, ctx.organisationId), eq(dataDeletionRequests.id, requestId)));
  const contact = await findSubjectContact(tx, ctx.organisationId, row.personId);
  const told: string[] = [];
  if (contact?.email) {
    const sent = await enqueueEmail(tx, ctx, {
      template: 'data-deletion-rejected',
      to: contact.email,
      data: { requestId, reason: input.reason, requestedAt: row.requestedAt.toISOString() },
      idempotencyKey: `data-deletion-rejected:${requestId}`,
    });
    if (sent) told.push('email');
  }
  for (const userId of contact?.userIds ?? []) {
    const shown = await createNotification(tx, ctx.organisationId, {
      userId,
      kind: 'DATA_DELETION_REJECTED',
      title: 'Your erasure request was declined',
      body: `Nothing was erased. Reason: ${input.reason}`,
      link: '/profile/data',
    });
    if (shown && !told.includes('in_app')) told.push('in_app');
  }
  await recordAudit(tx, ctx, {
    action: 'DATA_DELETION_REJECTED',
    targetType: 'DATA_DELETION_REQUEST',
    targetId: requestId,
    changes: { status: { before: 'pending', after: 'rejected' } },
    metadata: { scope: row.scope, told },
  });
  return toDataDeletionDto({ ...row, status: 'rejected', rejectionReason: input.reason, rejectedAt: ctx.now }, ctx);
}
