import { sql } from 'drizzle-orm';
import { check, customType, foreignKey, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { organisations } from './organisations';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

// The key vault of field encryption (lib/platform/crypto): one 96-byte data key per tenant and encrypted field, stored
// only wrapped by a master key. Per tenant, so offboarding a tenant destroys its keys and with them every
// copy of its encrypted values, backups included; the id is the key UUID every ciphertext carries.
export const encryptionDataKeys = pgTable(
  'encryption_data_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organisationId: uuid('organisation_id').notNull(),
    fieldName: text('field_name').notNull(),
    wrappedKey: bytea('wrapped_key').notNull(),
    masterKeyProvider: text('master_key_provider').$type<'local' | 'aws-kms'>().notNull(),
    masterKeyId: text('master_key_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true, precision: 3 }),
  },
  (t) => [
    uniqueIndex('encryption_data_keys_organisation_field_key').on(t.organisationId, t.fieldName),
    check('encryption_data_keys_field_name_check', sql`${t.fieldName} ~ '^[a-z][A-Za-z]*\\.[a-z][A-Za-z]*$'`),
    check('encryption_data_keys_provider_check', sql`${t.masterKeyProvider} in ('local', 'aws-kms')`),
    check('encryption_data_keys_wrapped_key_check', sql`octet_length(${t.wrappedKey}) > 0`),
    foreignKey({ name: 'encryption_data_keys_organisation_fk', columns: [t.organisationId], foreignColumns: [organisations.id] }).onDelete('cascade'),
  ],
);
