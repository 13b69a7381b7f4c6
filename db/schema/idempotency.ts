import { sql } from 'drizzle-orm';
import { check, foreignKey, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { ciphertext, instant } from './columns';
import { organisations } from './organisations';
import { users } from './people';

export const idempotencyKeyStatusEnum = pgEnum('idempotency_key_status', ['in_progress', 'completed']);

/**
 * The Idempotency-Key of a POST to /api/v1 (lib/transport/http/idempotency.ts): per tenant and user, for 24 hours. The row is
 * written in the request's own transaction before the handler runs and completed with its response in that same
 * transaction, so the effect and the stored answer commit together; a concurrent duplicate waits on the primary
 * key until then. The response body is FLE1 ciphertext: it can hold decrypted sensitive fields.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    organisationId: uuid('organisation_id').notNull(),
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestMethod: text('request_method').notNull(),
    /** The path with its canonical query string: a key is bound to one operation on one resource. */
    requestPath: text('request_path').notNull(),
    /** Hex SHA-256 of the RFC 8785 canonical JSON body (of the raw body when it is not JSON). */
    requestFingerprint: text('request_fingerprint').notNull(),
    status: idempotencyKeyStatusEnum('status').notNull().default('in_progress'),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    responseBody: ciphertext('response_body'),
    createdAt: instant('created_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
    expiresAt: instant('expires_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'idempotency_keys_pkey', columns: [t.organisationId, t.userId, t.key] }),
    // The hourly purge deletes by expiry across tenants.
    index('idempotency_keys_expires_idx').on(t.expiresAt),
    check('idempotency_keys_key_check', sql`${t.key} ~ '^[\\x20-\\x7E]{1,255}$'`),
    check('idempotency_keys_fingerprint_check', sql`${t.requestFingerprint} ~ '^[0-9a-f]{64}$'`),
    check('idempotency_keys_expiry_check', sql`${t.expiresAt} > ${t.createdAt}`),
    check(
      'idempotency_keys_response_check',
      sql`(${t.status} = 'in_progress' and ${t.responseStatus} is null and ${t.responseHeaders} is null and ${t.responseBody} is null and ${t.completedAt} is null)
        or (${t.status} = 'completed' and ${t.responseStatus} between 100 and 599 and ${t.responseHeaders} is not null and ${t.responseBody} is not null and ${t.completedAt} is not null)`,
    ),
    foreignKey({ name: 'idempotency_keys_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
    foreignKey({ name: 'idempotency_keys_user_fk', columns: [t.organisationId, t.userId], foreignColumns: [users.organisationId, users.id] }).onDelete('cascade'),
  ],
);
