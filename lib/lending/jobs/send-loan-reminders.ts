import { and, eq, gte, isNull, lte, not, sql } from 'drizzle-orm';
import { loans } from '@/db/schema';
import { userIsRestricted } from '@/lib/platform/notifications/reachable-recipients';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { describeError, type DueItem, findDueItems, type JobDeps, runTenantUnit } from '@/lib/platform/jobs/job-deps';
import { sendLoanNotice } from './send-loan-notice';

export const REMINDER_DAYS_BEFORE = 3;

export type SendLoanRemindersDeps = Pick<JobDeps, 'db' | 'now' | 'log'>;

async function remindLoan(deps: SendLoanRemindersDeps, item: DueItem, now: Date, today: string): Promise<boolean> {
  return runTenantUnit(deps.db, item.organisationId, async (tx, afterCommit) => {
    // The marker is the claim: a second or concurrent run finds reminder_sent_at set and gets no row. A requester
    // whose processing is restricted (spec 001) is passed by, the marker left unset, so that the reminder is
    // still sent if the restriction is lifted before the end date.
    const [loan] = await tx
      .update(loans)
      .set({ reminderSentAt: now })
      .where(
        and(
          eq(loans.organisationId, item.organisationId),
          eq(loans.id, item.id),
          eq(loans.status, 'ACTIVE'),
          isNull(loans.reminderSentAt),
          gte(loans.endDate, today),
          lte(loans.endDate, addDays(today, REMINDER_DAYS_BEFORE)),
          not(userIsRestricted(item.organisationId, loans.requesterId)),
        ),
      )
      .returning({ id: loans.id, assetId: loans.assetId, requesterId: loans.requesterId, endDate: loans.endDate });
    if (!loan) return false;
    await sendLoanNotice(tx, { organisationId: item.organisationId, afterCommit }, loan, 'reminder', today);
    return true;
  });
}

/** Reminds each requester once, from 3 days before the end date, by e-mail and in the app; paused while their processing is restricted. */
export async function sendLoanReminders(deps: SendLoanRemindersDeps): Promise<{ reminded: number }> {
  const now = deps.now();
  const today = toIsoDate(now);
  const due = await findDueItems(deps.db, sql`select id, organisation_id from app_due_loan_reminders(${today}::date, ${REMINDER_DAYS_BEFORE}::integer)`);
  let reminded = 0;
  for (const item of due) {
    try {
      if (await remindLoan(deps, item, now, today)) reminded += 1;
    } catch (error) {
      deps.log?.error(`[quartermaster] reminding loan ${item.id} failed: ${describeError(error)}`);
    }
  }
  return { reminded };
}
