import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';

/**
 * A table of the tenant as the backup holds it. Columns are listed, not discovered: a column added later (a
 * secret, a token hash) enters the file only by a deliberate change, and the catalogue test
 * (tests/integration/privacy/backups/backup-catalogue.db.test.ts) fails until it is listed here or excluded.
 */
export type BackupTable = {
  name: string;
  /** The column that names the tenant: organisation_id, or id for the organisation's own row. */
  tenantColumn: 'organisation_id' | 'id';
  columns: readonly string[];
  /** Columns of the table deliberately left out of the file, each with its reason. */
  excludedColumns?: Readonly<Record<string, string>>;
  /** Columns holding FLE1 ciphertext, and the field whose data key encrypted them. */
  encryptedColumns?: Readonly<Record<string, EncryptedField>>;
  /** A column naming another row of the same table: a restore inserts the named row first. */
  parentColumn?: string;
};

const stamps = ['created_at', 'updated_at'] as const;
const subjectRecord = ['id', 'organisation_id', 'person_id', 'subject_pseudonym'] as const;

/** In restore order: a table comes after every table its foreign keys point to. */
export const backupTables: readonly BackupTable[] = [
  {
    name: 'organisations',
    tenantColumn: 'id',
    columns: ['id', 'slug', 'name', 'plan_tier', 'custom_domain', 'branding', 'loan_policy', 'audit_retention_days', ...stamps, 'default_retention_days', 'legal_contact_email', 'registry_id', 'registry_official', 'registry_synced_at'],
    excludedColumns: { custom_rate_limits: "The operator's contract terms with the club, not the club's data." },
  },
  {
    name: 'persons',
    tenantColumn: 'organisation_id',
    columns: [
      'id', 'organisation_id', 'first_name', 'last_name', 'official_email', 'preferred_email', 'phone', 'birth_date', ...stamps, 'identifier_national', 'nationality', 'language',
      'primary_role', 'preferences', 'processing_restricted', 'deleted_at', 'anonymized_at', 'registry_id', 'sync_status', 'last_synced_at', 'registry_base', 'registry_submission_id', 'erased_fields',
    ],
    encryptedColumns: { identifier_national: 'person.identifierNational' },
  },
  { name: 'users', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'person_id', 'idp_subject', 'email', 'role', 'is_active', 'last_seen_at', ...stamps, 'duties'] },
  // The key vault: data keys wrapped under the deployment's master key. A restore unwraps them to read the
  // encrypted columns and encrypts those again under the target organisation's own keys.
  { name: 'encryption_data_keys', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'field_name', 'wrapped_key', 'master_key_provider', 'master_key_id', 'created_at', 'rotated_at'] },
  { name: 'categories', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'name', 'description', 'custom_fields', ...stamps] },
  { name: 'locations', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'name', 'description', 'address', ...stamps] },
  {
    name: 'assets',
    tenantColumn: 'organisation_id',
    columns: [
      'id', 'organisation_id', 'name', 'category_id', 'location_id', 'status', 'inventory_number', 'photo_url', 'serial_number', 'manufacturer', 'model', 'purchase_date', 'value', 'currency',
      'supplier', 'warranty_months', 'owner_id', 'custom_fields', ...stamps,
    ],
    excludedColumns: {
      label_secret_hash: 'The hash of the secret printed on the asset label: a credential, unique across the deployment. Labels are printed anew after a restore.',
      label_issued_at: 'Goes with the label secret that is left out.',
    },
  },
  { name: 'asset_photos', tenantColumn: 'organisation_id', columns: ['asset_id', 'organisation_id', 'content_type', 'size_bytes', 'content', 'uploaded_by_user_id', 'uploaded_at'] },
  {
    name: 'asset_maintenance',
    tenantColumn: 'organisation_id',
    columns: ['id', 'organisation_id', 'asset_id', 'kind', 'status', 'title', 'description', 'scheduled_for', 'performed_on', 'cost', 'currency', 'vendor', 'created_by_user_id', ...stamps],
  },
  {
    name: 'loans',
    tenantColumn: 'organisation_id',
    columns: [
      'id', 'organisation_id', 'asset_id', 'requester_id', 'approver_id', 'decided_by_id', 'status', 'start_date', 'end_date', 'purpose', 'rejection_reason', 'extension_requested_end_date',
      'decided_at', 'picked_up_at', 'returned_at', 'cancelled_at', 'reminder_sent_at', 'overdue_notified_at', ...stamps, 'cancellation_reason',
    ],
  },
  { name: 'notifications', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'user_id', 'kind', 'title', 'body', 'loan_id', 'read_at', 'created_at', 'link'] },
  { name: 'announcements', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'title', 'body', 'author_user_id', 'published_at'] },
  { name: 'invitations', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'email', 'role', 'invited_by_user_id', 'created_at', 'accepted_at', 'accepted_user_id'] },
  { name: 'conversations', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'kind', 'title', 'retention_days', 'retention_extended_until', ...stamps] },
  { name: 'conversation_participants', tenantColumn: 'organisation_id', columns: ['organisation_id', 'conversation_id', 'person_id', 'joined_at'] },
  { name: 'messages', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'conversation_id', 'author_person_id', 'body', 'author_anonymized', 'created_at', 'deleted_at'] },
  {
    name: 'activities',
    tenantColumn: 'organisation_id',
    columns: [...subjectRecord, 'type', 'parent_activity_id', 'title', 'occurred_at', 'ended_at', 'details', 'recorded_by_user_id', ...stamps],
    parentColumn: 'parent_activity_id',
  },
  { name: 'activity_comments', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'activity_id', 'author_person_id', 'body', 'author_anonymized', 'created_at'] },
  {
    name: 'medical_treatments',
    tenantColumn: 'organisation_id',
    columns: [...subjectRecord, 'diagnosis', 'detailed_notes', 'treated_by_user_id', 'started_at', 'treatment_ended_at', ...stamps],
    encryptedColumns: { diagnosis: 'medicalTreatment.diagnosis', detailed_notes: 'medicalTreatment.detailedNotes' },
  },
  { name: 'donations', tenantColumn: 'organisation_id', columns: [...subjectRecord, 'amount', 'currency', 'donated_at', 'campaign', 'anonymous_to_public', ...stamps] },
  { name: 'financial_transactions', tenantColumn: 'organisation_id', columns: [...subjectRecord, 'kind', 'amount', 'currency', 'occurred_at', 'reference', ...stamps] },
  { name: 'antidoping_records', tenantColumn: 'organisation_id', columns: [...subjectRecord, 'tested_at', 'kind', 'result', 'authority', 'notes', ...stamps] },
  { name: 'incident_reports', tenantColumn: 'organisation_id', columns: [...subjectRecord, 'reported_by_user_id', 'occurred_at', 'severity', 'description', 'status', ...stamps] },
  {
    name: 'data_deletion_requests',
    tenantColumn: 'organisation_id',
    columns: [
      'id', 'organisation_id', 'person_id', 'requested_by_user_id', 'requested_at', 'status', 'scope', 'partial_fields', 'verification_method', 'verification_note', 'verified_by_user_id',
      'verified_at', 'rejection_reason', 'rejected_by_user_id', 'rejected_at', 'target_due_at', 'legal_due_at', 'started_at', 'completed_at', 'attempts', 'last_error', 'updated_at', 'overdue_notified_at',
    ],
  },
  {
    name: 'person_change_requests',
    tenantColumn: 'organisation_id',
    columns: [
      'id', 'organisation_id', 'person_id', 'requested_by_user_id', 'fields', 'status', 'decided_at', ...stamps, 'kind', 'evidence', 'idempotency_key', 'registry_person_id', 'external_submission_id',
      'approved_via', 'decided_by_user_id', 'submitted_at', 'resolved_at', 'rejection_reason', 'submission_attempts', 'next_attempt_at', 'last_error', 'email_confirmed_at', 'erasure_request_id',
    ],
    excludedColumns: {
      email_token_hash: 'The hash of a one-time confirmation link sent by e-mail: a credential, unique across the deployment.',
      email_token_expires_at: 'Goes with the confirmation link that is left out.',
    },
  },
  {
    name: 'person_sync_conflicts',
    tenantColumn: 'organisation_id',
    columns: [
      'id', 'organisation_id', 'person_id', 'registry_id', 'field', 'base_value', 'local_value', 'registry_value', 'values_hidden', 'local_change', 'change_request_id', 'source', 'registry_version',
      'detected_at', 'status', 'resolution', 'resolved_by', 'resolved_at',
    ],
  },
  {
    name: 'registry_backfill_mismatches',
    tenantColumn: 'organisation_id',
    columns: ['id', 'organisation_id', 'person_id', 'registry_id', 'fields', 'registry_values', 'status', 'detected_at', 'resolved_at', 'resolved_by'],
  },
  { name: 'legal_reports', tenantColumn: 'organisation_id', columns: ['id', 'organisation_id', 'period_start', 'period_end', 'figures', 'generated_at'] },
  {
    name: 'retention_runs',
    tenantColumn: 'organisation_id',
    columns: ['id', 'organisation_id', 'dry_run', 'trigger', 'requested_by_user_id', 'as_of', 'status', 'results', 'error', 'started_at', 'finished_at'],
  },
  // Every entry, unredacted: the file is sealed (backup-seal.ts), so no admin reads it outside the app.
  {
    name: 'audit_log',
    tenantColumn: 'organisation_id',
    columns: ['id', 'organisation_id', 'occurred_at', 'actor_type', 'actor_user_id', 'action', 'target_type', 'target_id', 'asset_id', 'changes', 'metadata', 'request_id'],
  },
];

/** Tables of the tenant the backup leaves out, each with its reason. */
export const excludedTables: Readonly<Record<string, string>> = {
  backups: 'The backups themselves: each file would hold every earlier one.',
  data_exports: "A person's prepared copy of their own data behind a one-time link: short-lived, and made again on request.",
  idempotency_keys: 'Request plumbing: the stored answers to retried API calls, kept for a day.',
  outbox: 'Delivery plumbing: restoring it would send e-mails a second time.',
  webhook_endpoints: "Integrators' webhook signing secrets: an integrator registers their endpoint again.",
  webhook_deliveries: 'Delivery plumbing of the webhook endpoints that are left out.',
  webhook_delivery_attempts: 'Delivery plumbing of the webhook endpoints that are left out.',
  asset_counts: 'Derived from the assets by triggers, and rebuilt as they are restored.',
  asset_search_lexemes: 'Derived from the assets by triggers, and rebuilt as they are restored.',
  registry_backfills: 'Progress of a registry comparison run: the restored organisation runs its own.',
  registry_sync_state: 'The registry sync cursor of the source organisation: the restored organisation syncs from the start.',
};

export const backupTableNamed = (name: string): BackupTable | undefined => backupTables.find((table) => table.name === name);
