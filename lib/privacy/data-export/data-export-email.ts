import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { outbox } from '@/db/schema';
import { enqueueEmail, type OutboxContext } from '@/lib/platform/notifications/enqueue-email';
import type { DataExportFormat } from './schemas';

const emailKey = (dataExportId: string) => `data-export:${dataExportId}`;

export type ReadyEmail = { dataExportId: string; format: DataExportFormat; to: string; token: string; linkExpiresAt: Date };

/**
 * The link e-mail, through the outbox like every e-mail. It answers the subject's own request, so it is sent
 * even while their processing is restricted (ownRequestTemplates). Its payload is the one place the token is
 * kept in plaintext, because the e-mail is rendered at delivery.
 */
export async function enqueueReadyEmail(tx: Executor, ctx: OutboxContext, email: ReadyEmail): Promise<boolean> {
  return enqueueEmail(tx, ctx, {
    template: 'data-export-ready',
    to: email.to,
    data: { dataExportId: email.dataExportId, format: email.format, token: email.token, linkExpiresAt: email.linkExpiresAt.toISOString() },
    idempotencyKey: emailKey(email.dataExportId),
  });
}

/** Once the link is used or lapsed the token opens nothing; it is removed from the outbox all the same. */
export async function forgetLinkToken(tx: Executor, organisationId: string, dataExportId: string): Promise<void> {
  await tx
    .update(outbox)
    .set({ payload: sql`jsonb_set(${outbox.payload}, '{data,token}', 'null'::jsonb)` })
    .where(and(eq(outbox.organisationId, organisationId), eq(outbox.idempotencyKey, emailKey(dataExportId))));
}
