import { sql } from 'drizzle-orm';
import { boolean, check, date, foreignKey, index, integer, jsonb, pgEnum, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { ciphertext, instant } from './columns';
import { userDutyEnum, userRoleEnum } from './enums';
import { organisations } from './organisations';

/** What a person mainly is to a sports club; the platform owns it (spec 002), the registry never sends it. */
export const personRoleEnum = pgEnum('person_role', ['athlete', 'coach', 'medical', 'staff', 'official', 'volunteer', 'parent', 'fan', 'donor']);
export type PersonRole = (typeof personRoleEnum.enumValues)[number];

export type NotificationChannel = 'email' | 'push' | 'sms' | 'inApp';
export type PersonPreferences = {
  /** Channels the person accepts service notifications on (loan reminders, messages). */
  channels: Record<NotificationChannel, boolean>;
  /** The objection to marketing (spec 001): true stops marketing on every channel, whatever `channels` says. */
  marketingOptOut: boolean;
  /** ISO 8601 instant of the objection, kept as evidence of when it was made. */
  marketingOptOutAt?: string;
};
export const defaultPersonPreferences: PersonPreferences = { channels: { email: true, push: true, sms: false, inApp: true }, marketingOptOut: false };

/** Spec 002: where a mirrored person stands with the registry; null while sync is off (phase 0) or the person is local-only. */
export const personSyncStatusEnum = pgEnum('person_sync_status', ['synced', 'pending', 'conflict', 'pending_registration']);
export type PersonSyncStatus = (typeof personSyncStatusEnum.enumValues)[number];

/**
 * The registry's value of every mirrored identity field at the last sync: the base of the three-way merge
 * (lib/registry/mirror/merge-person.ts). identifierNational is held as a keyed hash, never in plaintext.
 */
export type RegistryBase = {
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  identifierNational: string | null;
  nationality: string | null;
  officialEmail: string | null;
};

// A natural person. Spec 001 adds the retention and rights fields below; spec 002's registry mirror adds
// externalRefs (registry id, sync status, last sync) beside them.
export const persons = pgTable(
  'persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id')
      .notNull()
      .references(() => organisations.id, { onDelete: 'cascade' }),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    officialEmail: text('official_email'),
    preferredEmail: text('preferred_email'),
    phone: text('phone'),
    birthDate: date('birth_date'),
    identifierNational: ciphertext('identifier_national'),
    nationality: text('nationality'),
    language: text('language').notNull().default('en'),
    primaryRole: personRoleEnum('primary_role'),
    preferences: jsonb('preferences').$type<PersonPreferences>().notNull().default(defaultPersonPreferences),
    processingRestricted: boolean('processing_restricted').notNull().default(false),
    deletedAt: instant('deleted_at'),
    anonymizedAt: instant('anonymized_at'),
    // externalRefs of spec 002.
    registryId: text('registry_id'),
    syncStatus: personSyncStatusEnum('sync_status'),
    lastSyncedAt: instant('last_synced_at'),
    registryBase: jsonb('registry_base').$type<RegistryBase>(),
    /** The registry's submission of this person's new-record proposal, while it waits (pending_registration). */
    registrySubmissionId: text('registry_submission_id'),
    /**
     * The fields a partial erasure removed (spec 001). The mirror never takes them back from the registry (issue 23):
     * sync skips them, and the registry is asked to clear its own copy by a proposal.
     */
    erasedFields: text('erased_fields').array().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    unique('persons_org_id_key').on(t.organisationId, t.id),
    // A registry person is mirrored at most once per tenant (several tenants may each mirror them).
    uniqueIndex('persons_org_registry_id_key').on(t.organisationId, t.registryId).where(sql`${t.registryId} is not null`),
    index('persons_registry_id_idx').on(t.registryId).where(sql`${t.registryId} is not null`),
    check('persons_registry_base_check', sql`${t.registryBase} is null or jsonb_typeof(${t.registryBase}) = 'object'`),
    index('persons_org_role_idx').on(t.organisationId, t.primaryRole),
    // The daily retention job looks for persons deactivated three years ago and not yet anonymised.
    index('persons_org_deleted_idx').on(t.organisationId, t.deletedAt).where(sql`${t.deletedAt} is not null and ${t.anonymizedAt} is null`),
    check('persons_nationality_check', sql`${t.nationality} ~ '^[A-Z]{2}$'`),
    check('persons_language_check', sql`${t.language} ~ '^[a-z]{2,3}(-[A-Za-z0-9]{1,8})*$'`),
    check('persons_preferences_check', sql`jsonb_typeof(${t.preferences}) = 'object'`),
    // Anonymisation follows deactivation or an erasure request, both of which set deleted_at first.
    check('persons_anonymized_check', sql`${t.anonymizedAt} is null or (${t.deletedAt} is not null and ${t.anonymizedAt} >= ${t.deletedAt})`),
  ],
);

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id').notNull(),
    idpSubject: text('idp_subject').notNull(),
    email: text('email'),
    role: userRoleEnum('role').notNull().default('EMPLOYEE'),
    duties: userDutyEnum('duties').array().notNull().default([]),
    isActive: boolean('is_active').notNull().default(true),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_org_subject_key').on(t.organisationId, t.idpSubject),
    unique('users_org_id_key').on(t.organisationId, t.id),
    index('users_org_created_idx').on(t.organisationId, t.createdAt, t.id),
    foreignKey({ name: 'users_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'users_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }),
  ],
);

/**
 * Spec 002's PersonChangeProposal: pending -> approved_locally -> submitted -> accepted | rejected. A proposal of a
 * local-only person (or in phase 0) is applied locally on approval and goes pending -> accepted.
 */
export const personChangeRequestStatusEnum = pgEnum('person_change_request_status', ['pending', 'approved_locally', 'submitted', 'accepted', 'rejected']);
export type PersonChangeProposalStatus = (typeof personChangeRequestStatusEnum.enumValues)[number];
/** update: identity fields; create: a new-record proposal (pending_registration); deactivate: `{ active: false }` (erasure). */
export const personChangeProposalKindEnum = pgEnum('person_change_proposal_kind', ['update', 'create', 'deactivate']);
export type PersonChangeProposalKind = (typeof personChangeProposalKindEnum.enumValues)[number];

export type PersonFieldChanges = Record<string, { from: unknown; to: unknown }>;
export type ProposalEvidence = { documentUrl: string };

/**
 * A proposed change of a person's registry-owned fields (the table keeps its first name, person_change_requests).
 * Self-service never writes identity fields directly; the registry decides for mirrored persons.
 */
export const personChangeRequests = pgTable(
  'person_change_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    personId: uuid('person_id').notNull(),
    kind: personChangeProposalKindEnum('kind').notNull().default('update'),
    /** proposedBy; null when the platform itself proposes (erasure, a new person's registration). */
    requestedByUserId: uuid('requested_by_user_id'),
    /** changes: field -> { from: value when proposed, to: proposed value }. */
    fields: jsonb('fields').$type<PersonFieldChanges>().notNull(),
    evidence: jsonb('evidence').$type<ProposalEvidence>(),
    /** The erasure request a proposal asks the registry to carry out on its copy (a field cleared); sent as its reason. */
    erasureRequestId: uuid('erasure_request_id'),
    status: personChangeRequestStatusEnum('status').notNull().default('pending'),
    /** Sent with every submission attempt, so the registry applies the proposal once however often it is sent. */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    /** The registry record the proposal is about; kept for a deactivation after the mirror was erased, cleared once decided. */
    registryPersonId: text('registry_person_id'),
    externalSubmissionId: text('external_submission_id'),
    /** admin, email_confirmation, system. */
    approvedVia: text('approved_via'),
    decidedByUserId: uuid('decided_by_user_id'),
    decidedAt: instant('decided_at'),
    submittedAt: instant('submitted_at'),
    resolvedAt: instant('resolved_at'),
    rejectionReason: text('rejection_reason'),
    submissionAttempts: integer('submission_attempts').notNull().default(0),
    nextAttemptAt: instant('next_attempt_at'),
    lastError: text('last_error'),
    /** The official e-mail validator: SHA-256 of the e-mailed token (never the token), its expiry, and when it was used. */
    emailTokenHash: text('email_token_hash'),
    emailTokenExpiresAt: instant('email_token_expires_at'),
    emailConfirmedAt: instant('email_confirmed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('person_change_requests_org_person_idx').on(t.organisationId, t.personId, t.createdAt),
    index('person_change_requests_org_status_idx').on(t.organisationId, t.status, t.createdAt),
    index('person_change_requests_due_idx').on(t.status, t.nextAttemptAt).where(sql`${t.status} in ('approved_locally', 'submitted')`),
    uniqueIndex('person_change_requests_idempotency_key').on(t.idempotencyKey),
    uniqueIndex('person_change_requests_email_token_key').on(t.emailTokenHash).where(sql`${t.emailTokenHash} is not null`),
    check('person_change_requests_fields_check', sql`jsonb_typeof(${t.fields}) = 'object' and ${t.fields} <> '{}'::jsonb`),
    check('person_change_requests_decided_check', sql`(${t.status} = 'pending') = (${t.decidedAt} is null)`),
    check('person_change_requests_submitted_check', sql`${t.status} <> 'submitted' or ${t.externalSubmissionId} is not null`),
    check('person_change_requests_evidence_check', sql`${t.evidence} is null or (jsonb_typeof(${t.evidence}) = 'object' and ${t.evidence} ->> 'documentUrl' like 'https://%')`),
    foreignKey({ name: 'person_change_requests_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'person_change_requests_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }).onDelete('cascade'),
    foreignKey({ name: 'person_change_requests_requester_fk', columns: [t.organisationId, t.requestedByUserId], foreignColumns: [users.organisationId, users.id] }),
    foreignKey({ name: 'person_change_requests_decider_fk', columns: [t.organisationId, t.decidedByUserId], foreignColumns: [users.organisationId, users.id] }),
  ],
);
