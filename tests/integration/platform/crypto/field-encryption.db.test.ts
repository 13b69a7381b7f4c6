import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { sqlState } from '@/lib/platform/db/sql-state';
import { createTenant, ownerDb } from '../../../support/factories';
import { webCryptoOpenString } from '../../../support/fle1-webcrypto';
import { jobDb } from '../../../support/job-db';
import { containsAnyWindow, createValueTable, encryptionWith, localMasterKey, rawDataKeys, rawValue, storeEncrypted } from './encryption-helpers';

const db = jobDb();
const table = 'fle_values_field_encryption';
const master = localMasterKey();

beforeAll(() => createValueTable(table));

describe('field encryption through the key vault', () => {
  it('stores neither the plaintext nor the data key: only FLE1 ciphertext and a wrapped key', async () => {
    const tenant = await createTenant();
    const nationalId = `ZOË-${randomBytes(6).toString('hex')}-山田`;
    const { id, value } = await storeEncrypted(db, table, tenant.id, 'person.identifierNational', nationalId, encryptionWith(master.provider));

    const stored = await rawValue(table, id);
    expect(stored.equals(value)).toBe(true);
    const [key, ...others] = await rawDataKeys(tenant.id);
    expect(others).toEqual([]);
    expect(key).toMatchObject({ organisation_id: tenant.id, field_name: 'person.identifierNational', master_key_provider: 'local', rotated_at: null });
    expect(key!.wrapped_key).toHaveLength(160);

    const dataKey = await master.provider.unwrapKey(key!.wrapped_key, key!.master_key_id);
    expect(stored.includes(Buffer.from(nationalId))).toBe(false);
    expect(containsAnyWindow(stored, dataKey)).toBe(false);
    expect(containsAnyWindow(key!.wrapped_key, dataKey)).toBe(false);
    expect(containsAnyWindow(stored, master.key) || containsAnyWindow(key!.wrapped_key, master.key)).toBe(false);
    // The owner's whole view of both tables, as a dump would see it.
    const [dump] = await ownerDb()`select (select string_agg(t::text, ',') from ${ownerDb()(table)} t where organisation_id = ${tenant.id})
      || (select string_agg(k::text, ',') from encryption_data_keys k where organisation_id = ${tenant.id}) as text`;
    expect(dump!.text).not.toContain(nationalId);
    expect(dump!.text).not.toContain(Buffer.from(nationalId).toString('hex'));
    expect(dump!.text).not.toContain(dataKey.subarray(0, 16).toString('hex'));

    expect(await webCryptoOpenString(dataKey, stored)).toEqual({ keyId: key!.id, value: nationalId });
    const read = await withTenant(db, tenant.id, (tx) => decryptField(tx, { organisationId: tenant.id }, 'person.identifierNational', stored, encryptionWith(master.provider)));
    expect(read).toBe(nationalId);
  });

  it('keeps one data key per tenant and field, created on first use, and refuses a value under another field', async () => {
    const tenant = await createTenant();
    const encryption = encryptionWith(master.provider);
    const diagnosis = await storeEncrypted(db, table, tenant.id, 'medicalTreatment.diagnosis', 'Achilles tendinopathy', encryption);
    await storeEncrypted(db, table, tenant.id, 'medicalTreatment.diagnosis', 'ACL rupture', encryption);
    const notes = await storeEncrypted(db, table, tenant.id, 'medicalTreatment.detailedNotes', '', encryption);

    const keys = await rawDataKeys(tenant.id);
    expect(keys.map((k) => k.field_name)).toEqual(['medicalTreatment.detailedNotes', 'medicalTreatment.diagnosis']);
    expect(diagnosis.value.subarray(1, 17).toString('hex')).toBe(keys[1]!.id.replaceAll('-', ''));
    expect(notes.value.subarray(1, 17).toString('hex')).toBe(keys[0]!.id.replaceAll('-', ''));

    await withTenant(db, tenant.id, async (tx) => {
      const ctx = { organisationId: tenant.id };
      expect(await decryptField(tx, ctx, 'medicalTreatment.detailedNotes', notes.value, encryption)).toBe('');
      await expect(decryptField(tx, ctx, 'medicalTreatment.detailedNotes', diagnosis.value, encryption)).rejects.toMatchObject({ code: 'DATA_KEY_FIELD_MISMATCH' });
      const tampered = Buffer.from(diagnosis.value);
      tampered[tampered.length - 5]! ^= 0x10;
      await expect(decryptField(tx, ctx, 'medicalTreatment.diagnosis', tampered, encryption)).rejects.toMatchObject({ code: 'AUTHENTICATION_FAILED' });
    });
  });

  it('creates exactly one key when two transactions use a field first at the same time', async () => {
    const tenant = await createTenant();
    const encryption = encryptionWith(master.provider);
    const ctx = { organisationId: tenant.id };
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let firstInserted!: () => void;
    const inserted = new Promise<void>((resolve) => (firstInserted = resolve));
    const first = withTenant(db, tenant.id, async (tx) => {
      const value = await encryptField(tx, ctx, 'person.identifierNational', 'first', encryption);
      firstInserted();
      await held;
      return value;
    });
    await inserted;
    const second = withTenant(db, tenant.id, (tx) => encryptField(tx, ctx, 'person.identifierNational', 'second', encryption));
    // The second transaction saw no key and now waits on the first one's uncommitted insert.
    await expect.poll(async () => {
      const [row] = await ownerDb()`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and query like '%encryption_data_keys%'`;
      return row!.n;
    }).toBeGreaterThan(0);
    release();
    const [a, b] = await Promise.all([first, second]);

    const keys = await rawDataKeys(tenant.id);
    expect(keys).toHaveLength(1);
    expect(a.subarray(1, 17).equals(b.subarray(1, 17))).toBe(true);
    await withTenant(db, tenant.id, async (tx) => {
      expect(await decryptField(tx, ctx, 'person.identifierNational', a, encryptionWith(master.provider))).toBe('first');
      expect(await decryptField(tx, ctx, 'person.identifierNational', b, encryptionWith(master.provider))).toBe('second');
    });
  });
});

describe('key vault tenant isolation', () => {
  it('lets tenant A neither read, use, create, re-point nor delete tenant B\'s data keys', async () => {
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const encryption = encryptionWith(master.provider);
    await storeEncrypted(db, table, a.id, 'medicalTreatment.diagnosis', 'A diagnosis', encryption);
    const bValue = await storeEncrypted(db, table, b.id, 'medicalTreatment.diagnosis', 'B diagnosis', encryption);
    const [aKey] = await rawDataKeys(a.id);
    const [bKey] = await rawDataKeys(b.id);

    await withTenant(db, a.id, async (tx) => {
      const visible = rowsOf<{ id: string }>(await tx.execute(sql`select id from encryption_data_keys`));
      expect(visible.map((r) => r.id)).toEqual([aKey!.id]);
      expect(rowsOf(await tx.execute(sql`select id from encryption_data_keys where organisation_id = ${b.id} or id = ${bKey!.id}`))).toEqual([]);
      // Even a warm cache holding B's unwrapped key does not help: the vault lookup decides.
      await expect(decryptField(tx, { organisationId: a.id }, 'medicalTreatment.diagnosis', bValue.value, encryption)).rejects.toMatchObject({ code: 'UNKNOWN_DATA_KEY' });
      await expect(decryptField(tx, { organisationId: b.id }, 'medicalTreatment.diagnosis', bValue.value, encryption)).rejects.toMatchObject({ code: 'UNKNOWN_DATA_KEY' });
    });

    const refused = async (statement: ReturnType<typeof sql>) =>
      sqlState(await withTenant(db, a.id, (tx) => tx.execute(statement)).then(() => 'succeeded', (error: unknown) => error));
    expect(await refused(sql`insert into encryption_data_keys (organisation_id, field_name, wrapped_key, master_key_provider, master_key_id)
      values (${b.id}, 'person.identifierNational', ${Buffer.alloc(160, 1)}, 'local', 'x')`)).toBe('42501');
    expect(await refused(sql`update encryption_data_keys set field_name = 'person.identifierNational' where id = ${aKey!.id}`)).toBe('42501');
    expect(await refused(sql`update encryption_data_keys set organisation_id = ${b.id} where id = ${aKey!.id}`)).toBe('42501');
    expect(await refused(sql`delete from encryption_data_keys where id = ${aKey!.id}`)).toBe('42501');

    expect(await rawDataKeys(b.id)).toEqual([bKey]);
    expect(await rawDataKeys(a.id)).toEqual([aKey]);
  });

  it('shows no data key at all to the app role when no tenant is set, and forces RLS on the owner too', async () => {
    const tenant = await createTenant();
    await storeEncrypted(db, table, tenant.id, 'person.identifierNational', 'X', encryptionWith(master.provider));
    const visible = await db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('role', 'quartermaster_app', true)`);
      return rowsOf(await tx.execute(sql`select id from encryption_data_keys`));
    });
    expect(visible).toEqual([]);
    const [flags] = await ownerDb()`select relrowsecurity, relforcerowsecurity from pg_class where relname = 'encryption_data_keys'`;
    expect(flags).toEqual({ relrowsecurity: true, relforcerowsecurity: true });
  });
});
