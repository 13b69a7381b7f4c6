import { and, eq, inArray, or, sql } from 'drizzle-orm';
import {
  activities,
  activityComments,
  antidopingRecords,
  conversationParticipants,
  conversations,
  donations,
  financialTransactions,
  incidentReports,
  medicalTreatments,
  messages,
  personChangeRequests,
} from '@/db/schema';
import { type ExportSource, iso } from './export-source';

// The subject's own records (spec 001's kinds): about them, or written by them. Records where they appear
// only as the member of staff who handled someone else's (the clinician of another's treatment, the coach who
// recorded another's training) are other people's data; their own actions show in auditEntries instead.

type KeyColumn = ExportSource['key'][number]['column'];

const byCreation = (table: { createdAt: KeyColumn; id: KeyColumn }): ExportSource['key'] => [
  { column: table.createdAt, field: 'createdAt', cast: 'timestamptz' },
  { column: table.id, field: 'id', cast: 'uuid' },
];

const stamps = (row: Record<string, unknown>) => ({ createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) });

export const profileChangeRequestSource: ExportSource = {
  kind: 'profileChangeRequests',
  table: personChangeRequests,
  tenantColumn: personChangeRequests.organisationId,
  subject: (s) => eq(personChangeRequests.personId, s.personId),
  key: byCreation(personChangeRequests),
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: personChangeRequests.id,
        fields: personChangeRequests.fields,
        status: personChangeRequests.status,
        decidedAt: personChangeRequests.decidedAt,
        createdAt: personChangeRequests.createdAt,
        updatedAt: personChangeRequests.updatedAt,
      })
      .from(personChangeRequests)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ id: row.id, fields: row.fields, status: row.status, decidedAt: iso(row.decidedAt), ...stamps(row) }),
};

export const activitySource: ExportSource = {
  kind: 'activities',
  table: activities,
  tenantColumn: activities.organisationId,
  subject: (s) => eq(activities.personId, s.personId),
  key: [
    { column: activities.occurredAt, field: 'occurredAt', cast: 'timestamptz' },
    { column: activities.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: activities.id,
        type: activities.type,
        title: activities.title,
        occurredAt: activities.occurredAt,
        endedAt: activities.endedAt,
        details: activities.details,
        parentActivityId: activities.parentActivityId,
        recordedByUserId: activities.recordedByUserId,
        createdAt: activities.createdAt,
        updatedAt: activities.updatedAt,
      })
      .from(activities)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, occurredAt: iso(row.occurredAt), endedAt: iso(row.endedAt), ...stamps(row) }),
};

export const activityCommentSource: ExportSource = {
  kind: 'activityComments',
  table: activityComments,
  tenantColumn: activityComments.organisationId,
  subject: (s) => eq(activityComments.authorPersonId, s.personId),
  key: byCreation(activityComments),
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({ id: activityComments.id, activityId: activityComments.activityId, body: activityComments.body, createdAt: activityComments.createdAt })
      .from(activityComments)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, createdAt: iso(row.createdAt) }),
};

export const conversationSource: ExportSource = {
  kind: 'conversations',
  table: conversationParticipants,
  tenantColumn: conversationParticipants.organisationId,
  subject: (s) => eq(conversationParticipants.personId, s.personId),
  key: [
    { column: conversations.createdAt, field: 'createdAt', cast: 'timestamptz' },
    { column: conversations.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({ id: conversations.id, kind: conversations.kind, title: conversations.title, joinedAt: conversationParticipants.joinedAt, createdAt: conversations.createdAt, updatedAt: conversations.updatedAt })
      .from(conversationParticipants)
      .innerJoin(conversations, and(eq(conversations.organisationId, conversationParticipants.organisationId), eq(conversations.id, conversationParticipants.conversationId)))
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, joinedAt: iso(row.joinedAt), ...stamps(row) }),
};

export const messageSource: ExportSource = {
  kind: 'messages',
  table: messages,
  tenantColumn: messages.organisationId,
  subject: (s) => eq(messages.authorPersonId, s.personId),
  key: byCreation(messages),
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({ id: messages.id, conversationId: messages.conversationId, body: messages.body, createdAt: messages.createdAt, deletedAt: messages.deletedAt })
      .from(messages)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, createdAt: iso(row.createdAt), deletedAt: iso(row.deletedAt) }),
};

export const donationSource: ExportSource = {
  kind: 'donations',
  table: donations,
  tenantColumn: donations.organisationId,
  subject: (s) => eq(donations.personId, s.personId),
  key: [
    { column: donations.donatedAt, field: 'donatedAt', cast: 'timestamptz' },
    { column: donations.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: donations.id,
        amount: donations.amount,
        currency: donations.currency,
        donatedAt: donations.donatedAt,
        campaign: donations.campaign,
        anonymousToPublic: donations.anonymousToPublic,
        createdAt: donations.createdAt,
        updatedAt: donations.updatedAt,
      })
      .from(donations)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, donatedAt: iso(row.donatedAt), ...stamps(row) }),
};

export const financialTransactionSource: ExportSource = {
  kind: 'financialTransactions',
  table: financialTransactions,
  tenantColumn: financialTransactions.organisationId,
  subject: (s) => eq(financialTransactions.personId, s.personId),
  key: [
    { column: financialTransactions.occurredAt, field: 'occurredAt', cast: 'timestamptz' },
    { column: financialTransactions.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: financialTransactions.id,
        kind: financialTransactions.kind,
        amount: financialTransactions.amount,
        currency: financialTransactions.currency,
        occurredAt: financialTransactions.occurredAt,
        reference: financialTransactions.reference,
        createdAt: financialTransactions.createdAt,
        updatedAt: financialTransactions.updatedAt,
      })
      .from(financialTransactions)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, occurredAt: iso(row.occurredAt), ...stamps(row) }),
};

export const medicalTreatmentSource: ExportSource = {
  kind: 'medicalTreatments',
  table: medicalTreatments,
  tenantColumn: medicalTreatments.organisationId,
  subject: (s) => eq(medicalTreatments.personId, s.personId),
  key: [
    { column: medicalTreatments.startedAt, field: 'startedAt', cast: 'timestamptz' },
    { column: medicalTreatments.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: medicalTreatments.id,
        diagnosis: medicalTreatments.diagnosis,
        detailedNotes: medicalTreatments.detailedNotes,
        treatedByUserId: medicalTreatments.treatedByUserId,
        startedAt: medicalTreatments.startedAt,
        treatmentEndedAt: medicalTreatments.treatmentEndedAt,
        createdAt: medicalTreatments.createdAt,
        updatedAt: medicalTreatments.updatedAt,
      })
      .from(medicalTreatments)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: async (row, reveal) => ({
    ...row,
    diagnosis: await reveal('medicalTreatment.diagnosis', row.diagnosis),
    detailedNotes: await reveal('medicalTreatment.detailedNotes', row.detailedNotes),
    startedAt: iso(row.startedAt),
    treatmentEndedAt: iso(row.treatmentEndedAt),
    ...stamps(row),
  }),
};

export const antidopingRecordSource: ExportSource = {
  kind: 'antidopingRecords',
  table: antidopingRecords,
  tenantColumn: antidopingRecords.organisationId,
  subject: (s) => eq(antidopingRecords.personId, s.personId),
  key: [
    { column: antidopingRecords.testedAt, field: 'testedAt', cast: 'timestamptz' },
    { column: antidopingRecords.id, field: 'id', cast: 'uuid' },
  ],
  read: (tx, { where, orderBy, limit }) =>
    tx
      .select({
        id: antidopingRecords.id,
        testedAt: antidopingRecords.testedAt,
        kind: antidopingRecords.kind,
        result: antidopingRecords.result,
        authority: antidopingRecords.authority,
        notes: antidopingRecords.notes,
        createdAt: antidopingRecords.createdAt,
        updatedAt: antidopingRecords.updatedAt,
      })
      .from(antidopingRecords)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, testedAt: iso(row.testedAt), ...stamps(row) }),
};

export const incidentReportSource: ExportSource = {
  kind: 'incidentReports',
  table: incidentReports,
  tenantColumn: incidentReports.organisationId,
  subject: (s) => or(eq(incidentReports.personId, s.personId), inArray(incidentReports.reportedByUserId, s.userIds)),
  key: [
    { column: incidentReports.occurredAt, field: 'occurredAt', cast: 'timestamptz' },
    { column: incidentReports.id, field: 'id', cast: 'uuid' },
  ],
  // Whom an incident the subject filed is about is the other person's data: only the two flags are written.
  read: (tx, { where, orderBy, limit, subject }) =>
    tx
      .select({
        id: incidentReports.id,
        aboutYou: sql<boolean>`coalesce(${eq(incidentReports.personId, subject.personId)}, false)`,
        filedByYou: sql<boolean>`coalesce(${inArray(incidentReports.reportedByUserId, subject.userIds)}, false)`,
        occurredAt: incidentReports.occurredAt,
        severity: incidentReports.severity,
        description: incidentReports.description,
        status: incidentReports.status,
        createdAt: incidentReports.createdAt,
        updatedAt: incidentReports.updatedAt,
      })
      .from(incidentReports)
      .where(where)
      .orderBy(...orderBy)
      .limit(limit),
  toItem: (row) => ({ ...row, occurredAt: iso(row.occurredAt), ...stamps(row) }),
};
