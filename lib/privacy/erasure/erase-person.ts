import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { rowsOf, type Tx } from '@/db/client';
import {
  activities,
  activityComments,
  antidopingRecords,
  conversationParticipants,
  dataExports,
  donations,
  financialTransactions,
  incidentReports,
  invitations,
  medicalTreatments,
  messages,
  notifications,
  personChangeRequests,
  persons,
  users,
} from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext, SystemContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import { releaseErasedBorrowerLoans } from '@/lib/lending/loans/release-erased-borrower-loans';
import { ERASABLE_PERSON_FIELDS, type ErasablePersonField } from './erasable-fields';
import { type ErasureReason, erasedSignInMarker, isErasedMarker } from './erased-sign-in';
import { pseudonymFor } from './pseudonym';
import { scrubSubjectTraces } from './scrub-subject-traces';

export { ERASABLE_PERSON_FIELDS, type ErasablePersonField };

/** A full erasure's reason decides what a later sign-in with the erased identity is told (erased-sign-in.ts); the default is the subject's own request. */
export type ErasureScope = { scope: 'full'; reason?: ErasureReason } | { scope: 'partial'; fields: readonly ErasablePersonField[] };

/** What the erasure changed, per kind: the figures an admin and the tests read. */
export type ErasureCounts = Record<string, number>;

export const ANONYMIZED = 'ANONYMIZED';
export const DELETED_MESSAGE_BODY = '[deleted]';

// The records that outlive the subject (spec 001: medical, anti-doping, financial; and activities, which are
// re-pointed): the person is replaced by the pseudonym, the record stays as it was.
const pseudonymisedKinds = {
  activities,
  medicalTreatments,
  donations,
  financialTransactions,
  antidopingRecords,
  incidentReports,
} as const;

// A list as one text[] parameter (drizzle would spread a JS array into a row), on postgres.js and PGlite alike.
const textArray = (values: readonly string[]) => sql`array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb))`;

const firstOfYear = (birthDate: string | null) => (birthDate ? `${birthDate.slice(0, 4)}-01-01` : null);

function personFieldValues(fields: readonly ErasablePersonField[], birthDate: string | null) {
  const values: Partial<typeof persons.$inferInsert> = {};
  for (const field of fields) {
    if (field === 'firstName' || field === 'lastName') values[field] = ANONYMIZED;
    else if (field === 'birthDate') values.birthDate = firstOfYear(birthDate);
    else values[field] = null;
  }
  return values;
}

export type ErasureContext = RequestContext | SystemContext;

/**
 * Carries out spec 001's erasure for one person of the caller's tenant, in the caller's transaction (RLS
 * applies): it is idempotent, so a retried job or a ledger replay after a restore can run it again.
 *
 * Full scope: the person is anonymised per spec 001's Person table; their user accounts are closed, lose their
 * address and keep only a keyed hash of their sign-in subject, so that identity is refused from then on; their
 * messages and comments are deleted (body '[deleted]', authorAnonymized); activities, medical treatments,
 * donations, financial transactions, anti-doping records and incident reports are re-pointed to the pseudonym;
 * personal notifications, change requests and their participation in conversations are deleted; the outbox and
 * other traces lose what leads back to them (scrub-subject-traces.ts); their pending and approved bookings are
 * cancelled and the approvers told, a loan picked up stays open with the anonymised account as its borrower
 * (lib/lending/loans/release-erased-borrower-loans.ts); audit entries about them are anonymised
 * (app_anonymize_audit_subject). Partial scope erases only the named person fields.
 */
export async function erasePerson(tx: Tx, ctx: ErasureContext, personId: string, scope: ErasureScope, secret: string): Promise<ErasureCounts> {
  const [person] = await tx
    .select({
      id: persons.id,
      firstName: persons.firstName,
      lastName: persons.lastName,
      birthDate: persons.birthDate,
      officialEmail: persons.officialEmail,
      preferredEmail: persons.preferredEmail,
      phone: persons.phone,
      deletedAt: persons.deletedAt,
    })
    .from(persons)
    .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
  if (!person) throw new NotFoundError('PERSON_NOT_FOUND', 'The person does not exist.', { personId, organisationId: ctx.organisationId });
  const counts: ErasureCounts = {};

  if (scope.scope === 'partial') {
    await tx
      .update(persons)
      // The registry mirror's base (spec 002) holds the last synced identity values: the erased ones go from it too.
      // The mark keeps them erased: sync never takes them back from the registry (issue 23).
      .set({
        ...personFieldValues(scope.fields, person.birthDate),
        registryBase: sql`${persons.registryBase} || ${JSON.stringify(Object.fromEntries(scope.fields.map((field) => [field, null])))}::jsonb`,
        erasedFields: sql`array(select distinct f from unnest(${persons.erasedFields} || ${textArray(scope.fields)}) f order by f)`,
        updatedAt: ctx.now,
      })
      .where(and(eq(persons.organisationId, ctx.organisationId), eq(persons.id, personId)));
    counts.personFields = scope.fields.length;
    return counts;
  }

  const pseudonym = pseudonymFor(secret, personId);
  const accounts = await tx
    .select({ id: users.id, email: users.email, idpSubject: users.idpSubject })
    .from(users)
    .where(and(eq(users.organisationId, ctx.organisationId), eq(users.personId, personId)));
  const userIds = accounts.map((a) => a.id);
  const addresses = [...new Set([person.officialEmail, person.preferredEmail, ...accounts.map((a) => a.email)].filter((a): a is string => !!a).map((a) => a.toLowerCase()))];
  const inTenant = (table: { organisationId: AnyPgColumn }) => eq(table.organisationId, ctx.organisationId);

  // A second run (a replay, a retried job) finds the name already gone: there is nothing left to look for.
  const name = person.firstName === ANONYMIZED && person.lastName === ANONYMIZED ? '' : `${person.firstName} ${person.lastName}`;
  Object.assign(counts, await scrubSubjectTraces(tx, ctx, { personId, userIds, addresses, name }));
  Object.assign(counts, await releaseErasedBorrowerLoans(tx, ctx, userIds));

  await tx
    .update(persons)
    .set({ ...personFieldValues(ERASABLE_PERSON_FIELDS.filter((f) => f !== 'nationality'), person.birthDate), deletedAt: person.deletedAt ?? ctx.now, anonymizedAt: ctx.now, updatedAt: ctx.now })
    .where(and(inTenant(persons), eq(persons.id, personId)));

  if (userIds.length > 0) {
    const reason = scope.reason ?? 'erasure_request';
    for (const account of accounts) {
      const idpSubject = isErasedMarker(account.idpSubject) ? account.idpSubject : erasedSignInMarker(secret, ctx.organisationId, account.idpSubject, reason);
      await tx.update(users).set({ email: null, isActive: false, idpSubject, updatedAt: ctx.now }).where(and(inTenant(users), eq(users.id, account.id)));
    }
    counts.userAccounts = accounts.length;
    counts.notifications = (await tx.delete(notifications).where(and(inTenant(notifications), inArray(notifications.userId, userIds))).returning({ id: notifications.id })).length;
  }

  counts.messages = (
    await tx
      .update(messages)
      .set({ body: DELETED_MESSAGE_BODY, authorAnonymized: true, authorPersonId: null, deletedAt: sql`coalesce(${messages.deletedAt}, greatest(${messages.createdAt}, ${ctx.now.toISOString()}::timestamptz))` })
      .where(and(inTenant(messages), eq(messages.authorPersonId, personId)))
      .returning({ id: messages.id })
  ).length;
  counts.activityComments = (
    await tx
      .update(activityComments)
      .set({ body: DELETED_MESSAGE_BODY, authorAnonymized: true, authorPersonId: null })
      .where(and(inTenant(activityComments), eq(activityComments.authorPersonId, personId)))
      .returning({ id: activityComments.id })
  ).length;
  counts.conversationParticipations = (
    await tx
      .delete(conversationParticipants)
      .where(and(inTenant(conversationParticipants), eq(conversationParticipants.personId, personId)))
      .returning({ id: conversationParticipants.conversationId })
  ).length;
  counts.changeRequests = (
    await tx.delete(personChangeRequests).where(and(inTenant(personChangeRequests), eq(personChangeRequests.personId, personId))).returning({ id: personChangeRequests.id })
  ).length;

  // A prepared copy of their data goes with them; an export still being made stops.
  counts.dataExports = (
    await tx
      .update(dataExports)
      .set({
        content: null,
        status: sql`case when ${dataExports.status} in ('pending', 'running') then 'failed' when ${dataExports.status} = 'ready' and ${dataExports.downloadedAt} is null then 'expired' else ${dataExports.status} end`,
        error: sql`case when ${dataExports.status} in ('pending', 'running') then 'The person was erased.' else ${dataExports.error} end`,
      })
      .where(and(inTenant(dataExports), eq(dataExports.personId, personId), sql`(${dataExports.content} is not null or ${dataExports.status} in ('pending', 'running'))`))
      .returning({ id: dataExports.id })
  ).length;

  const recordIds: string[] = [];
  for (const [kind, table] of Object.entries(pseudonymisedKinds)) {
    const rows = await tx
      .update(table)
      .set({ personId: null, subjectPseudonym: pseudonym })
      .where(and(eq(table.organisationId, ctx.organisationId), eq(table.personId, personId)))
      .returning({ id: table.id });
    counts[kind] = rows.length;
    recordIds.push(...rows.map((r) => r.id));
  }

  if (addresses.length > 0) {
    counts.invitations = (
      await tx
        .delete(invitations)
        .where(and(inTenant(invitations), inArray(sql`lower(${invitations.email})`, addresses), isNotNull(invitations.acceptedUserId)))
        .returning({ id: invitations.id })
    ).length;
  }

  const audited = await tx.execute(
    sql`select app_anonymize_audit_subject(${personId}::uuid, ${textArray(userIds)}::uuid[], ${textArray(recordIds)}, ${pseudonym}, ${textArray(addresses)}) as changed`,
  );
  counts.auditEntries = Number(rowsOf<{ changed: number }>(audited)[0]?.changed ?? 0);

  await recordAudit(tx, ctx, {
    action: 'anonymize_person',
    targetType: 'person',
    targetId: personId,
    changes: {},
    metadata: { scope: 'full', counts },
  });
  return counts;
}
