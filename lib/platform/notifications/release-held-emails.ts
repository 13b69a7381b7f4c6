import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { outbox } from '@/db/schema';
import { dispatchEvent } from '@/lib/platform/jobs/dispatch-event';
import { toIsoDate } from '@/lib/platform/time';
import { OUTBOX_ENQUEUED_EVENT } from './enqueue-email';
import { HELD_FOR_RESTRICTION, recipientOf } from './hold-restricted-emails';
import { personAddresses } from './reachable-recipients';

export const WITHDRAWN_STALE_NOTICE = 'Withdrawn: the loan changed while the recipient’s processing was restricted, so the notice no longer holds.';

type ReleaseContext = { organisationId: string; now: Date; afterCommit?: (fn: () => void) => void };

const data = (key: string) => sql`${outbox.payload} -> 'data' ->> ${key}`;
// A uuid-shaped loanId only, so that a malformed payload is withdrawn instead of failing the whole statement.
const loanIdOf = sql`case when ${data('loanId')} ~* '^[0-9a-f]{8}-([0-9a-f]{4}-){3}[0-9a-f]{12}$' then (${data('loanId')})::uuid end`;

/**
 * When a person's restriction is lifted, the e-mails held for it (holdRestrictedEmails) go out at the next
 * delivery, except loan reminders and overdue notices that no longer hold: the loan was returned, cancelled or
 * extended meanwhile, or a reminder's return date has passed. Those are withdrawn (FAILED, with the reason),
 * never sent. Returns the counts.
 */
export async function releaseHeldEmails(tx: Executor, ctx: ReleaseContext, personId: string): Promise<{ released: number; withdrawn: number }> {
  const addresses = personAddresses(ctx.organisationId, sql`p.id = ${personId}::uuid`);
  const held = and(eq(outbox.organisationId, ctx.organisationId), eq(outbox.status, 'PENDING'), eq(outbox.lastError, HELD_FOR_RESTRICTION), sql`${recipientOf} in (${addresses})`);
  const today = toIsoDate(ctx.now);
  const withdrawn = await tx
    .update(outbox)
    .set({ status: 'FAILED', lastError: WITHDRAWN_STALE_NOTICE })
    .where(
      and(
        held,
        sql`${outbox.payload} ->> 'template' in ('loan-reminder', 'loan-overdue')`,
        sql`not exists (select 1 from loans l where l.organisation_id = ${ctx.organisationId}::uuid and l.id = ${loanIdOf}
          and l.status = 'ACTIVE' and l.end_date::text = ${data('endDate')}
          and (${outbox.payload} ->> 'template' = 'loan-overdue' or l.end_date >= ${today}::date))`,
      ),
    )
    .returning({ id: outbox.id });
  const released = await tx.update(outbox).set({ nextAttemptAt: ctx.now, lastError: null }).where(held).returning({ id: outbox.id });
  if (released.length > 0) ctx.afterCommit?.(() => dispatchEvent(OUTBOX_ENQUEUED_EVENT));
  return { released: released.length, withdrawn: withdrawn.length };
}
