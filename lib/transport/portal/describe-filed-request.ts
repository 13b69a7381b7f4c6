import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { notifications, persons, users } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { findLoanAsset } from '@/lib/lending/loans/loan-asset';
import { findLoanRow } from '@/lib/lending/loans/loan-store';
import { previewRequestNotice } from '@/lib/lending/loans/notify-loan';
import { describeLoanNotice } from './describe-loan-notice';

/**
 * What the requester reads on their new request's page: the approvers named who really were told, those notified
 * in the app (read back from their notifications, written with the request) and those the outbox fan-out e-mails.
 * Empty when nobody could be told.
 */
export async function describeFiledRequest(tx: Tx, ctx: RequestContext, loanId: string): Promise<string> {
  const loan = await findLoanRow(tx, ctx, loanId);
  const [asset, inApp] = await Promise.all([
    findLoanAsset(tx, ctx.organisationId, loan.assetId),
    tx
      .select({ name: sql<string>`${persons.firstName} || ' ' || ${persons.lastName}` })
      .from(notifications)
      .innerJoin(users, and(eq(users.organisationId, notifications.organisationId), eq(users.id, notifications.userId)))
      .innerJoin(persons, and(eq(persons.organisationId, users.organisationId), eq(persons.id, users.personId)))
      .where(and(eq(notifications.organisationId, ctx.organisationId), eq(notifications.loanId, loanId), eq(notifications.kind, 'LOAN_REQUESTED')))
      .orderBy(persons.lastName, persons.firstName),
  ]);
  const { emailed } = await previewRequestNotice(tx, ctx.organisationId, loan, asset);
  return describeLoanNotice({ emailed, notifiedInApp: inApp.map((row) => row.name) });
}
