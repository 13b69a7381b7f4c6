import { sql } from 'drizzle-orm';
import { check, customType, foreignKey, index, integer, pgEnum, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { instant } from './columns';
import { organisations } from './organisations';
import { persons, users } from './people';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

export const dataExportFormatEnum = pgEnum('data_export_format', ['json', 'pdf']);
// expired: the link lapsed unused; a downloaded export stays ready with downloaded_at set and no content.
export const dataExportStatusEnum = pgEnum('data_export_status', ['pending', 'running', 'ready', 'failed', 'expired']);

/**
 * A subject's copy of their own data (spec 001, access and portability), built by the create-data-exports job
 * and fetched once through an e-mailed link. The content is FLE1 ciphertext (it holds decrypted sensitive
 * fields) and is dropped at the one download or at the link's expiry; the link's token is kept only as its
 * SHA-256 digest.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    requestedByUserId: uuid('requested_by_user_id').notNull(),
    personId: uuid('person_id').notNull(),
    format: dataExportFormatEnum('format').notNull(),
    status: dataExportStatusEnum('status').notNull().default('pending'),
    progressDone: integer('progress_done').notNull().default(0),
    // Null until the job has counted the subject's records.
    progressTotal: integer('progress_total'),
    content: bytea('content'),
    contentType: text('content_type'),
    sizeBytes: integer('size_bytes'),
    downloadTokenHash: text('download_token_hash'),
    linkExpiresAt: instant('link_expires_at'),
    downloadedAt: instant('downloaded_at'),
    error: text('error'),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    completedAt: instant('completed_at'),
  },
  (t) => [
    index('data_exports_org_person_created_idx').on(t.organisationId, t.personId, t.createdAt, t.id),
    // The sweep finds ready exports whose link lapsed unused.
    index('data_exports_ready_link_idx').on(t.linkExpiresAt).where(sql`${t.status} = 'ready' and ${t.downloadedAt} is null`),
    // One export in progress per subject and format: a second request while one runs gets the same export back.
    uniqueIndex('data_exports_in_progress_key').on(t.organisationId, t.personId, t.format).where(sql`${t.status} in ('pending', 'running')`),
    check('data_exports_progress_check', sql`${t.progressDone} >= 0 and (${t.progressTotal} is null or ${t.progressTotal} >= 0)`),
    check('data_exports_token_hash_check', sql`${t.downloadTokenHash} ~ '^[0-9a-f]{64}$'`),
    // Content exists only while a ready export waits for its one download.
    check('data_exports_content_check', sql`${t.content} is null or (${t.status} = 'ready' and ${t.downloadedAt} is null)`),
    check('data_exports_ready_check', sql`${t.status} <> 'ready' or (${t.downloadTokenHash} is not null and ${t.linkExpiresAt} is not null and ${t.completedAt} is not null)`),
    foreignKey({ name: 'data_exports_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'data_exports_requester_fk', columns: [t.organisationId, t.requestedByUserId], foreignColumns: [users.organisationId, users.id] }),
    foreignKey({ name: 'data_exports_person_fk', columns: [t.organisationId, t.personId], foreignColumns: [persons.organisationId, persons.id] }).onDelete('cascade'),
  ],
);
