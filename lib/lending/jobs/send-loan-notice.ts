import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, users } from '@/db/schema';
import { formatDate } from '@/lib/platform/format/dates';
import { createNotification } from '@/lib/platform/notifications/create-notification';
import { enqueueEmail, type OutboxContext } from '@/lib/platform/notifications/enqueue-email';
import { daysBetween } from '@/lib/platform/time';

type NoticeLoan = { id: string; assetId: string; requesterId: string; endDate: string };

/** The requester hears of it twice, in the app and by e-mail, from the same transaction as the loan's marker. */
export async function sendLoanNotice(tx: Tx, ctx: OutboxContext, loan: NoticeLoan, notice: 'reminder' | 'overdue', today: string): Promise<void> {
  const [party] = await tx
    .select({ assetName: assets.name, email: users.email })
    .from(assets)
    .innerJoin(users, and(eq(users.organisationId, assets.organisationId), eq(users.id, loan.requesterId)))
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.id, loan.assetId)));
  if (!party) throw new Error(`Loan ${loan.id} has no visible asset or requester`);
  const { assetName, email } = party;
  if (notice === 'reminder') {
    const daysLeft = Math.max(daysBetween(today, loan.endDate), 0);
    await createNotification(tx, ctx.organisationId, {
      userId: loan.requesterId,
      kind: 'LOAN_REMINDER',
      title: `Return ${assetName} by ${formatDate(loan.endDate)}`,
      body: `Your loan of ${assetName} ends on ${formatDate(loan.endDate)}. Return it by then, or ask for an extension.`,
      loanId: loan.id,
    });
    if (email) await enqueueEmail(tx, ctx, { template: 'loan-reminder', to: email, idempotencyKey: `loan-reminder:${loan.id}:${loan.endDate}`, data: { loanId: loan.id, assetName, endDate: loan.endDate, daysLeft } });
    return;
  }
  await createNotification(tx, ctx.organisationId, {
    userId: loan.requesterId,
    kind: 'LOAN_OVERDUE',
    title: `Overdue: ${assetName}`,
    body: `Your loan of ${assetName} ended on ${formatDate(loan.endDate)}. Please return it as soon as possible.`,
    loanId: loan.id,
  });
  if (email) await enqueueEmail(tx, ctx, { template: 'loan-overdue', to: email, idempotencyKey: `loan-overdue:${loan.id}:${loan.endDate}`, data: { loanId: loan.id, assetName, endDate: loan.endDate } });
}
