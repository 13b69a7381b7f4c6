import { and, eq, inArray } from 'drizzle-orm';
import { addDays, toIsoDate } from '@/lib/platform/time';
import type { AuditAction } from '@/lib/platform/audit/actions';
import type { Tx } from '../client';
import { announcements, assets, auditLog, loans, notifications } from '../schema';
import type { DemoCatalogue, DemoLoanWords } from './demo-catalogue';

type LoanState = 'PENDING_APPROVAL' | 'APPROVED' | 'ACTIVE' | 'RETURNED' | 'REJECTED' | 'CANCELLED';

/** One seeded loan: who asks (account subject), its state and its dates as offsets from the day of seeding. */
type DemoLoan = { requester: string; status: LoanState; from: number; to: number; purpose: string; returnedOn?: number; reason?: string };

export type ActivityInput = {
  organisationId: string;
  slug: string;
  organisationName: string;
  catalogue: DemoCatalogue;
  now: Date;
  /** Account subject -> user id. */
  userIds: ReadonlyMap<string, string>;
  /** Assets the seed created as AVAILABLE, in creation order. */
  availableAssets: readonly { id: string; name: string }[];
};

/** Who asks, in which state and when: the same plan for every tenant, in the tenant's own words (demo-catalogue.ts). */
function demoLoans(slug: string, words: readonly DemoLoanWords[]): DemoLoan[] {
  const staff = (n: number) => `${slug}-staff-${n}`;
  const plan: Omit<DemoLoan, 'purpose'>[] = [
    // Thirty days: the longest loan the default policy allows (maxLoanDays).
    { requester: `${slug}-employee-1`, status: 'ACTIVE', from: -18, to: 11 },
    { requester: `${slug}-employee-1`, status: 'ACTIVE', from: -4, to: 3 },
    { requester: `${slug}-employee-1`, status: 'ACTIVE', from: -9, to: -2 },
    { requester: `${slug}-employee-1`, status: 'PENDING_APPROVAL', from: 5, to: 8 },
    { requester: `${slug}-employee-2`, status: 'PENDING_APPROVAL', from: 2, to: 6 },
    { requester: `${slug}-employee-2`, status: 'RETURNED', from: -30, to: -23, returnedOn: -24 },
    { requester: staff(1), status: 'PENDING_APPROVAL', from: 1, to: 3 },
    { requester: staff(2), status: 'PENDING_APPROVAL', from: 7, to: 10 },
    { requester: staff(3), status: 'ACTIVE', from: -6, to: 9 },
    { requester: staff(4), status: 'ACTIVE', from: -12, to: -5 },
    { requester: staff(5), status: 'RETURNED', from: -20, to: -14, returnedOn: -14 },
    { requester: staff(6), status: 'APPROVED', from: 1, to: 4 },
    { requester: staff(1), status: 'REJECTED', from: -8, to: -6 },
    { requester: staff(2), status: 'CANCELLED', from: -3, to: -1 },
    { requester: staff(3), status: 'RETURNED', from: -40, to: -33, returnedOn: -33 },
  ];
  return plan.map((loan, i) => ({ ...loan, ...words[i]! }));
}

function at(isoDate: string, hour: number): Date {
  return new Date(`${isoDate}T${String(hour).padStart(2, '0')}:00:00Z`);
}

function notAfter(instant: Date, limit: Date): Date {
  return instant < limit ? instant : limit;
}

/**
 * Loans in every state (with their audit trail), one reminder and the organisation's news, so that every role's
 * dashboard shows a working product on the first visit. Each loan gets its own AVAILABLE asset, so no two
 * APPROVED or ACTIVE loans of one asset can overlap.
 */
export async function seedDemoActivity(tx: Tx, input: ActivityInput): Promise<void> {
  const { organisationId, slug, now, userIds } = input;
  const today = toIsoDate(now);
  const user = (subject: string) => userIds.get(subject) ?? null;
  const managerId = user(`${slug}-manager`);
  const adminId = user(`${slug}-admin`);
  const plan = demoLoans(slug, input.catalogue.loanWords).filter((loan) => user(loan.requester));
  // From the end of the inventory: tests that borrow "the first available asset" meet no seeded booking.
  const pool = input.availableAssets.slice(-plan.length).reverse();
  const audit: (typeof auditLog.$inferInsert)[] = [];
  const event = (occurredAt: Date, actorUserId: string | null, action: AuditAction, loanId: string, assetId: string, metadata: Record<string, unknown> = {}) =>
    audit.push({ organisationId, occurredAt, actorType: actorUserId ? 'USER' : 'SYSTEM', actorUserId, action, targetType: 'LOAN', targetId: loanId, assetId, metadata: { source: 'seed', ...metadata } });

  let reminderLoan: { id: string; assetName: string; userId: string; endDate: string } | null = null;
  for (const [index, loan] of plan.entries()) {
    const asset = pool[index];
    if (!asset) break;
    const requesterId = user(loan.requester)!;
    const startDate = addDays(today, loan.from);
    const endDate = addDays(today, loan.to);
    // Past instants only: a request a few days before the start, the decision a few hours later.
    const requestedAt = notAfter(at(addDays(startDate, -3), 9), new Date(now.getTime() - (index + 2) * 3_600_000));
    const decidedAt = loan.status === 'PENDING_APPROVAL' ? null : notAfter(new Date(requestedAt.getTime() + 3 * 3_600_000), new Date(now.getTime() - 3_600_000));
    const picked = loan.status === 'ACTIVE' || loan.status === 'RETURNED';
    const pickedUpAt = picked ? at(startDate, 10) : null;
    const returnedAt = loan.status === 'RETURNED' ? at(addDays(today, loan.returnedOn ?? loan.to), 16) : null;
    const reminded = loan.status === 'ACTIVE' && loan.to >= 0 && loan.to <= 3;
    const [row] = await tx
      .insert(loans)
      .values({
        organisationId,
        assetId: asset.id,
        requesterId,
        approverId: null,
        decidedById: decidedAt && loan.status !== 'CANCELLED' ? managerId : null,
        status: loan.status,
        startDate,
        endDate,
        purpose: loan.purpose,
        rejectionReason: loan.reason ?? null,
        decidedAt: loan.status === 'CANCELLED' ? null : decidedAt,
        pickedUpAt,
        returnedAt,
        cancelledAt: loan.status === 'CANCELLED' ? decidedAt : null,
        reminderSentAt: reminded ? new Date(now.getTime() - 3_600_000) : null,
        createdAt: requestedAt,
        updatedAt: returnedAt ?? pickedUpAt ?? decidedAt ?? requestedAt,
      })
      .returning({ id: loans.id });
    const loanId = row!.id;
    event(requestedAt, requesterId, 'LOAN_REQUESTED', loanId, asset.id);
    if (loan.status === 'CANCELLED') event(decidedAt!, requesterId, 'LOAN_CANCELLED', loanId, asset.id);
    else if (loan.status === 'REJECTED') event(decidedAt!, managerId, 'LOAN_REJECTED', loanId, asset.id, { reason: loan.reason });
    else if (decidedAt) event(decidedAt, managerId, 'LOAN_APPROVED', loanId, asset.id);
    if (pickedUpAt) event(pickedUpAt, requesterId, 'LOAN_PICKED_UP', loanId, asset.id, { assetStatus: { before: 'AVAILABLE', after: 'LOANED' } });
    if (returnedAt) event(returnedAt, requesterId, 'LOAN_RETURNED', loanId, asset.id, { assetStatus: { before: 'LOANED', after: 'AVAILABLE' } });
    if (reminded && loan.requester === `${slug}-employee-1`) reminderLoan = { id: loanId, assetName: asset.name, userId: requesterId, endDate };
  }

  const loanedIds = plan.flatMap((loan, index) => (loan.status === 'ACTIVE' && pool[index] ? [pool[index].id] : []));
  if (loanedIds.length > 0) await tx.update(assets).set({ status: 'LOANED' }).where(and(eq(assets.organisationId, organisationId), inArray(assets.id, loanedIds)));

  if (reminderLoan) {
    // The same words the reminder job writes (lib/lending/jobs/send-loan-notice.ts).
    await tx.insert(notifications).values({
      organisationId,
      userId: reminderLoan.userId,
      kind: 'LOAN_REMINDER',
      title: `Return ${reminderLoan.assetName} by ${reminderLoan.endDate}`,
      body: `Your loan of ${reminderLoan.assetName} ends on ${reminderLoan.endDate}. Return it by then, or ask for an extension.`,
      loanId: reminderLoan.id,
      createdAt: new Date(now.getTime() - 3_600_000),
    });
  }

  const news = await tx
    .insert(announcements)
    .values(input.catalogue.news(input.organisationName).map((n) => ({ organisationId, title: n.title, body: n.body, authorUserId: adminId, publishedAt: at(addDays(today, -n.daysAgo), 8) })))
    .returning({ id: announcements.id, title: announcements.title, publishedAt: announcements.publishedAt });
  for (const item of news) {
    audit.push({ organisationId, occurredAt: item.publishedAt, actorType: adminId ? 'USER' : 'SYSTEM', actorUserId: adminId, action: 'ANNOUNCEMENT_PUBLISHED', targetType: 'ANNOUNCEMENT', targetId: item.id, changes: { title: { before: null, after: item.title } }, metadata: { source: 'seed' } });
  }
  // Chronological ids, so the log reads in the order things happened.
  audit.sort((a, b) => (a.occurredAt as Date).getTime() - (b.occurredAt as Date).getTime());
  await tx.insert(auditLog).values(audit);
}
