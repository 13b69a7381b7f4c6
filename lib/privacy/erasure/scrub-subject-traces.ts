import { and, eq, inArray, ne, notInArray, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '@/db/client';
import { dataDeletionRequests, dataExports, idempotencyKeys, invitations, loans, notifications, outbox, personChangeRequests, personSyncConflicts, registryBackfillMismatches } from '@/db/schema';
import { BORROWER_ERASED_NOTICE, BORROWER_ERASED_TEMPLATE } from '@/lib/lending/loans/release-erased-borrower-loans';

export type SubjectTraces = {
  personId: string;
  userIds: string[];
  /** Every address the person and their accounts hold, lower-cased. */
  addresses: string[];
  /** The name as it stood before the erasure, to take out of other people's notifications. */
  name: string;
};

const ERASED_NAME = 'ANONYMIZED USER';
// Shorter names would match inside unrelated words.
const MIN_NAME_LENGTH = 5;

const ids = async (rows: Promise<{ id: string }[]>) => (await rows).map((row) => row.id);

/**
 * The ids an outbox payload may carry that lead back to the subject: their loans, data exports, erasure requests,
 * change proposals and invitations. Read before the erasure deletes some of those rows.
 */
async function findLinkedIds(tx: Tx, organisationId: string, subject: SubjectTraces) {
  const inTenant = (table: { organisationId: AnyPgColumn }) => eq(table.organisationId, organisationId);
  const [loanIds, exportIds, requestIds, proposalIds, invitationIds] = await Promise.all([
    ids(tx.select({ id: loans.id }).from(loans).where(and(inTenant(loans), inArray(loans.requesterId, subject.userIds)))),
    ids(tx.select({ id: dataExports.id }).from(dataExports).where(and(inTenant(dataExports), eq(dataExports.personId, subject.personId)))),
    ids(tx.select({ id: dataDeletionRequests.id }).from(dataDeletionRequests).where(and(inTenant(dataDeletionRequests), eq(dataDeletionRequests.personId, subject.personId)))),
    ids(tx.select({ id: personChangeRequests.id }).from(personChangeRequests).where(and(inTenant(personChangeRequests), eq(personChangeRequests.personId, subject.personId)))),
    ids(
      tx
        .select({ id: invitations.id })
        .from(invitations)
        .where(and(inTenant(invitations), or(inArray(sql`lower(${invitations.email})`, subject.addresses), inArray(invitations.acceptedUserId, subject.userIds)))),
    ),
  ]);
  return { loanIds, exportIds, requestIds, proposalIds, invitationIds };
}

const dataField = (key: string) => sql`${outbox.payload} -> 'data' ->> ${key}`;

/**
 * Takes the subject out of the outbox, which otherwise keeps, for every e-mail ever sent, the recipient's address
 * and ids that join back to the anonymised person in one query. Every message to one of their addresses, and
 * every message whose payload names them, their loans, exports, erasure requests, proposals or invitations (the
 * approvers' "X asks to borrow" among them), keeps only `{ erased: true }`; one still queued is not sent. The
 * row stays as the outbox's record of a delivery. The erasure's own notices to approvers name nobody and stay.
 */
async function scrubOutbox(tx: Tx, organisationId: string, subject: SubjectTraces, linked: Awaited<ReturnType<typeof findLinkedIds>>) {
  const aboutThem = or(
    inArray(sql`lower(${outbox.payload} ->> 'to')`, subject.addresses),
    eq(dataField('personId'), subject.personId),
    inArray(dataField('loanId'), linked.loanIds),
    inArray(sql`${outbox.payload} ->> 'loanId'`, linked.loanIds),
    inArray(dataField('dataExportId'), linked.exportIds),
    inArray(dataField('requestId'), linked.requestIds),
    inArray(dataField('proposalId'), linked.proposalIds),
    inArray(dataField('invitationId'), linked.invitationIds),
  );
  const scrub = (queued: boolean) =>
    tx
      .update(outbox)
      .set(queued ? { payload: { erased: true }, status: 'FAILED', lastError: 'Not sent: it was to or about a person who was erased (spec 001).' } : { payload: { erased: true } })
      .where(
        and(
          eq(outbox.organisationId, organisationId),
          queued ? eq(outbox.status, 'PENDING') : ne(outbox.status, 'PENDING'),
          aboutThem,
          sql`(${outbox.payload} -> 'erased') is null`,
          sql`(${outbox.payload} ->> 'template') is distinct from ${BORROWER_ERASED_TEMPLATE}`,
        ),
      )
      .returning({ id: outbox.id });
  return { queuedEmails: (await scrub(true)).length, sentEmails: (await scrub(false)).length };
}

/**
 * What erasePerson does not reach through the person's own rows (spec 001, docs/privacy/erasure.md "Erasure and the deletion
 * ledger"): the outbox, other people's notifications about the subject's loans or naming them, the stored answers
 * of their idempotent API calls, and the registry mirror's conflicts and backfill mismatches holding their
 * identity values. Runs before the person row is anonymised, in the erasure's transaction.
 */
export async function scrubSubjectTraces(tx: Tx, ctx: { organisationId: string }, subject: SubjectTraces): Promise<Record<string, number>> {
  const org = ctx.organisationId;
  const linked = await findLinkedIds(tx, org, subject);
  const counts: Record<string, number> = await scrubOutbox(tx, org, subject, linked);

  const erasureNotices = Object.values(BORROWER_ERASED_NOTICE);
  counts.loanNotifications = (
    await tx
      .delete(notifications)
      .where(and(eq(notifications.organisationId, org), inArray(notifications.loanId, linked.loanIds), notInArray(notifications.kind, erasureNotices)))
      .returning({ id: notifications.id })
  ).length;
  counts.notificationsNamingThem =
    subject.name.length >= MIN_NAME_LENGTH
      ? (
          await tx
            .update(notifications)
            .set({ title: sql`replace(${notifications.title}, ${subject.name}, ${ERASED_NAME})`, body: sql`replace(${notifications.body}, ${subject.name}, ${ERASED_NAME})` })
            .where(and(eq(notifications.organisationId, org), sql`strpos(${notifications.title} || ' ' || ${notifications.body}, ${subject.name}) > 0`))
            .returning({ id: notifications.id })
        ).length
      : 0;
  counts.idempotentAnswers = (
    await tx.delete(idempotencyKeys).where(and(eq(idempotencyKeys.organisationId, org), inArray(idempotencyKeys.userId, subject.userIds))).returning({ key: idempotencyKeys.key })
  ).length;
  counts.syncConflicts = (
    await tx.delete(personSyncConflicts).where(and(eq(personSyncConflicts.organisationId, org), eq(personSyncConflicts.personId, subject.personId))).returning({ id: personSyncConflicts.id })
  ).length;
  counts.backfillMismatches = (
    await tx
      .delete(registryBackfillMismatches)
      .where(and(eq(registryBackfillMismatches.organisationId, org), eq(registryBackfillMismatches.personId, subject.personId)))
      .returning({ id: registryBackfillMismatches.id })
  ).length;
  return counts;
}
