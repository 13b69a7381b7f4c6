import { and, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '@/db/client';
import { outbox } from '@/db/schema';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { type EmailPayload, type EmailTenant, parseEmailPayload } from './email-templates';
import { loadEmailTenant } from './load-email-tenant';
import { renderEmailSubject } from './render-email';

export type OutboxEmail = {
  id: string;
  tenant: EmailTenant;
  /** Null when the stored payload cannot be rendered (delivery marks such messages FAILED). */
  email: EmailPayload | null;
  to: string;
  subject: string;
  status: 'PENDING' | 'SENT' | 'FAILED';
  deliveredVia: string | null;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
};

function parseOrNull(payload: unknown): EmailPayload | null {
  try {
    return parseEmailPayload(payload);
  } catch {
    return null;
  }
}

/**
 * A tenant's latest outbox e-mails, newest first: what the dev mailbox shows when nothing is really sent. With
 * `to`, only those addressed to that address (a person's own mailbox in the embedded demo).
 */
export async function listOutboxEmails(db: Database, organisationId: string, limit = 50, to?: string): Promise<OutboxEmail[]> {
  return withTenant(db, organisationId, async (tx) => {
    const tenant = await loadEmailTenant(tx, organisationId);
    if (!tenant) return [];
    const rows = await tx
      .select({
        id: outbox.id,
        payload: outbox.payload,
        status: outbox.status,
        deliveredVia: outbox.deliveredVia,
        attempts: outbox.attempts,
        lastError: outbox.lastError,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(and(eq(outbox.organisationId, organisationId), eq(outbox.kind, 'EMAIL'), to === undefined ? undefined : sql`lower(${outbox.payload}->>'to') = ${to.toLowerCase()}`))
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(limit);
    return rows.map(({ payload, ...row }) => {
      const email = parseOrNull(payload);
      return {
        ...row,
        tenant,
        email,
        to: email?.to ?? String(payload.to ?? ''),
        subject: email ? renderEmailSubject(email, tenant) : payload.purged === true ? `${String(payload.template ?? 'E-mail')} (recipient erased, content purged)` : `Unreadable ${String(payload.template ?? 'e-mail')}`,
      };
    });
  });
}
