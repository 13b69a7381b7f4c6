import { sql } from 'drizzle-orm';
import { check, foreignKey, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { ciphertext, instant, subjectChecks, subjectColumns } from './columns';
import { organisations } from './organisations';
import { persons, users } from './people';

/**
 * A course of treatment. Diagnosis and notes are FLE1 ciphertext (spec 001, DESIGN.md). Kept 20 years after
 * treatment_ended_at; an erasure re-points it to the subject's pseudonym and keeps diagnosis and treatment.
 */
export const medicalTreatments = pgTable(
  'medical_treatments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    ...subjectColumns(),
    diagnosis: ciphertext('diagnosis'),
    detailedNotes: ciphertext('detailed_notes'),
    // Null when the treating clinician has no account (an external doctor's report entered by staff).
    treatedByUserId: uuid('treated_by_user_id'),
    startedAt: instant('started_at').notNull(),
    treatmentEndedAt: instant('treatment_ended_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('medical_treatments_org_person_idx').on(t.organisationId, t.personId, t.startedAt),
    index('medical_treatments_org_pseudonym_idx').on(t.organisationId, t.subjectPseudonym).where(sql`${t.subjectPseudonym} is not null`),
    index('medical_treatments_org_ended_idx').on(t.organisationId, t.treatmentEndedAt),
    ...subjectChecks('medical_treatments', t),
    check('medical_treatments_ended_check', sql`${t.treatmentEndedAt} is null or ${t.treatmentEndedAt} >= ${t.startedAt}`),
    foreignKey({ name: 'medical_treatments_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'medical_treatments_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
    foreignKey({ name: 'medical_treatments_treated_by_fk', columns: [t.organisationId, t.treatedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);
