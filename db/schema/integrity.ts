import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { instant, subjectChecks, subjectColumns } from './columns';
import { organisations } from './organisations';
import { persons, users } from './people';

export const antidopingTestKindEnum = pgEnum('antidoping_test_kind', ['in_competition', 'out_of_competition']);
// The WADA result categories; pending until the laboratory reports.
export const antidopingResultEnum = pgEnum('antidoping_result', ['pending', 'negative', 'adverse_analytical_finding', 'atypical_finding']);

/** A doping control of an athlete. Kept 10 years and anonymised, not deleted, on erasure (spec 001). */
export const antidopingRecords = pgTable(
  'antidoping_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    ...subjectColumns(),
    testedAt: instant('tested_at').notNull(),
    kind: antidopingTestKindEnum('kind').notNull(),
    result: antidopingResultEnum('result').notNull().default('pending'),
    authority: text('authority').notNull(),
    notes: text('notes'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('antidoping_records_org_person_idx').on(t.organisationId, t.personId, t.testedAt),
    index('antidoping_records_org_pseudonym_idx').on(t.organisationId, t.subjectPseudonym).where(sql`${t.subjectPseudonym} is not null`),
    index('antidoping_records_org_tested_idx').on(t.organisationId, t.testedAt),
    ...subjectChecks('antidoping_records', t),
    foreignKey({ name: 'antidoping_records_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'antidoping_records_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);

export const incidentSeverityEnum = pgEnum('incident_severity', ['low', 'medium', 'high', 'critical']);
export const incidentStatusEnum = pgEnum('incident_status', ['open', 'investigating', 'resolved', 'dismissed']);

/** Something that went wrong involving a person (an injury on the pitch, misconduct). Kept 10 years (spec 001). */
export const incidentReports = pgTable(
  'incident_reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    ...subjectColumns(),
    // Null when the report came from outside the club (a referee's or a parent's report entered by staff).
    reportedByUserId: uuid('reported_by_user_id'),
    occurredAt: instant('occurred_at').notNull(),
    severity: incidentSeverityEnum('severity').notNull(),
    description: text('description').notNull(),
    status: incidentStatusEnum('status').notNull().default('open'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('incident_reports_org_person_idx').on(t.organisationId, t.personId, t.occurredAt),
    index('incident_reports_org_pseudonym_idx').on(t.organisationId, t.subjectPseudonym).where(sql`${t.subjectPseudonym} is not null`),
    index('incident_reports_org_status_idx').on(t.organisationId, t.status, t.occurredAt),
    ...subjectChecks('incident_reports', t),
    check('incident_reports_description_check', sql`length(btrim(${t.description})) > 0`),
    foreignKey({ name: 'incident_reports_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'incident_reports_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
    foreignKey({ name: 'incident_reports_reporter_fk', columns: [t.organisationId, t.reportedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);
