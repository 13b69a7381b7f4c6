import { inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  activities,
  activityComments,
  antidopingRecords,
  auditLog,
  dataExports,
  donations,
  financialTransactions,
  incidentReports,
  loans,
  medicalTreatments,
  messages,
  personChangeRequests,
} from '@/db/schema';
import { redactAuditEntries } from '@/lib/privacy/audit-log/redact-audit-entries';
import { type ExportSource, type ExportSubject, iso } from './export-source';

/** Ids (as audit target ids) of the records about the subject or written by them. */
function subjectRecordIds(s: ExportSubject): SQL {
  const own = (table: typeof activities | typeof medicalTreatments | typeof donations | typeof financialTransactions | typeof antidopingRecords | typeof incidentReports | typeof personChangeRequests | typeof dataExports) =>
    sql`select ${table.id}::text from ${table} where ${table.organisationId} = ${s.organisationId} and ${table.personId} = ${s.personId}`;
  const written = (table: typeof activityComments | typeof messages) =>
    sql`select ${table.id}::text from ${table} where ${table.organisationId} = ${s.organisationId} and ${table.authorPersonId} = ${s.personId}`;
  const parts = [
    ...[activities, medicalTreatments, donations, financialTransactions, antidopingRecords, incidentReports, personChangeRequests, dataExports].map(own),
    written(activityComments),
    written(messages),
    sql`select ${loans.id}::text from ${loans} where ${loans.organisationId} = ${s.organisationId} and ${inArray(loans.requesterId, s.userIds)}`,
  ];
  return sql.join(parts, sql` union all `);
}

// About the subject: entries whose target is their person, an account of theirs, or a record about them or
// written by them (so the access history of their medical records is part of their copy).
const aboutSubject = (s: ExportSubject) => or(inArray(auditLog.targetId, [s.personId, ...s.userIds]), sql`${auditLog.targetId} in (${subjectRecordIds(s)})`)!;
const bySubject = (s: ExportSubject) => inArray(auditLog.actorUserId, s.userIds);

export const auditEntrySource: ExportSource = {
  kind: 'auditEntries',
  table: auditLog,
  tenantColumn: auditLog.organisationId,
  subject: (s) => or(aboutSubject(s), bySubject(s)),
  key: [{ column: auditLog.id, field: 'id', cast: 'bigint' }],
  // Read as the subject may see it: never who reported them, never a value a duty guards (redactAuditEntries).
  // Their duties open nothing more here: the reporter rule hides a reporter from the subject whatever they hold.
  read: async (tx, { where, orderBy, limit, subject }) => {
    const rows = await tx
      .select({
        id: auditLog.id,
        occurredAt: auditLog.occurredAt,
        action: auditLog.action,
        actorType: auditLog.actorType,
        actorUserId: auditLog.actorUserId,
        byYou: sql<boolean>`coalesce(${bySubject(subject)}, false)`,
        aboutYou: sql<boolean>`coalesce(${aboutSubject(subject)}, false)`,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        changes: auditLog.changes,
        metadata: auditLog.metadata,
      })
      .from(auditLog)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit);
    return redactAuditEntries(tx, subject.organisationId, { userIds: subject.userIds, personId: subject.personId, safeguarding: false }, rows);
  },
  // The subject's own actions on other records (an admin's change of someone else's profile) are listed, but
  // their changes and details are not: those can hold other people's data.
  toItem: (row) => ({
    ...row,
    id: String(row.id),
    occurredAt: iso(row.occurredAt),
    changes: row.aboutYou ? row.changes : null,
    metadata: row.aboutYou ? row.metadata : null,
  }),
};
