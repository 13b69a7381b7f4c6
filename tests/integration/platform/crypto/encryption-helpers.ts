import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { type Database, rowsOf } from '@/db/client';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';
import { createFieldEncryption, type FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import type { KeyProvider } from '@/lib/platform/crypto/key-provider';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { ownerDb } from '../../../support/factories';

/** Field encryption as the app gets it, with a fresh (empty) key cache, so every unwrap really happens. */
export function encryptionWith(current: KeyProvider, others: KeyProvider[] = []): FieldEncryption {
  return createFieldEncryption(createKeyRing(current, others), 300);
}

export function localMasterKey(): { key: Buffer; provider: KeyProvider } {
  const key = randomBytes(96);
  return { key, provider: createLocalKeyProvider(key) };
}

/**
 * The domain tables that hold encrypted columns belong to another change; a per-file stand-in with the same
 * column type (bytea) lets these tests store and read values as the app would.
 */
export async function createValueTable(name: string): Promise<void> {
  await ownerDb().unsafe(`create table ${name} (id uuid primary key default gen_random_uuid(), organisation_id uuid not null, value bytea not null)`);
  await ownerDb().unsafe(`grant select, insert on ${name} to quartermaster_app`);
  // Tenant-scoped as every table of the app is: rls.db.test.ts sweeps every public table with an organisation_id,
  // and may run after this one in the same database.
  await ownerDb().unsafe(`alter table ${name} enable row level security`);
  await ownerDb().unsafe(`alter table ${name} force row level security`);
  await ownerDb().unsafe(`create policy tenant_isolation on ${name} using (organisation_id = app_current_organisation_id()) with check (organisation_id = app_current_organisation_id())`);
}

/** Encrypts inside the tenant's transaction and stores the bytes, returning the stored row's id and bytes. */
export async function storeEncrypted(db: Database, table: string, organisationId: string, field: EncryptedField, plaintext: string, encryption: FieldEncryption) {
  return withTenant(db, organisationId, async (tx) => {
    const value = await encryptField(tx, { organisationId }, field, plaintext, encryption);
    const [row] = rowsOf<{ id: string }>(await tx.execute(sql`insert into ${sql.identifier(table)} (organisation_id, value) values (${organisationId}, ${value}) returning id`));
    return { id: row!.id, value };
  });
}

export async function rawValue(table: string, id: string): Promise<Buffer> {
  const [row] = await ownerDb().unsafe(`select value from ${table} where id = $1`, [id]);
  return row!.value as Buffer;
}

export type RawDataKey = { id: string; organisation_id: string; field_name: string; wrapped_key: Buffer; master_key_provider: string; master_key_id: string; created_at: Date; rotated_at: Date | null };

export async function rawDataKeys(organisationId: string): Promise<RawDataKey[]> {
  return ownerDb()<RawDataKey[]>`select id, organisation_id, field_name, wrapped_key, master_key_provider, master_key_id, created_at, rotated_at
    from encryption_data_keys where organisation_id = ${organisationId} order by field_name`;
}

/** Whether `haystack` contains any 16-byte window of `secret` (a partial copy of a key counts). */
export function containsAnyWindow(haystack: Buffer, secret: Buffer): boolean {
  for (let at = 0; at + 16 <= secret.length; at += 8) if (haystack.includes(secret.subarray(at, at + 16))) return true;
  return false;
}
