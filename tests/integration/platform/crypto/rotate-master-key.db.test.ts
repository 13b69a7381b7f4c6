import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@/db/client';
import { createAwsKmsKeyProvider } from '@/lib/platform/crypto/aws-kms-key-provider';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import type { EncryptedField } from '@/lib/platform/crypto/encrypted-fields';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { rotateMasterKey } from '@/lib/platform/crypto/rotate-master-key';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { type KmsStub, kmsStubOptions, startKmsStub } from '../../../support/kms-stub';
import { containsAnyWindow, createValueTable, encryptionWith, localMasterKey, rawDataKeys, rawValue, storeEncrypted } from './encryption-helpers';

const db: Database = jobDb();
const table = 'fle_values_rotation';
let kms: KmsStub;

beforeAll(async () => {
  kms = await startKmsStub();
  await createValueTable(table);
});
afterAll(() => kms.stop());

function decrypt(organisationId: string, field: EncryptedField, value: Buffer, encryption: FieldEncryption) {
  return withTenant(db, organisationId, (tx) => decryptField(tx, { organisationId }, field, value, encryption));
}

describe('master key rotation', () => {
  it('rewraps every data key under the new master key; values written before still decrypt, with only the new key', async () => {
    const [a, b] = await Promise.all([createTenant(), createTenant()]);
    const oldMaster = localMasterKey();
    const before = encryptionWith(oldMaster.provider);
    const values = [
      { tenant: a.id, field: 'person.identifierNational' as const, text: '850412-1234' },
      { tenant: a.id, field: 'medicalTreatment.diagnosis' as const, text: 'Concussion' },
      { tenant: b.id, field: 'medicalTreatment.detailedNotes' as const, text: 'Return to play in 3 weeks' },
    ];
    const stored = [];
    for (const v of values) stored.push({ ...v, ...(await storeEncrypted(db, table, v.tenant, v.field, v.text, before)) });
    const keysBefore = [...(await rawDataKeys(a.id)), ...(await rawDataKeys(b.id))];
    const dataKeys = await Promise.all(keysBefore.map((k) => oldMaster.provider.unwrapKey(k.wrapped_key, k.master_key_id)));

    const kmsProvider = createAwsKmsKeyProvider(kmsStubOptions(kms));
    expect(await rotateMasterKey(db, createKeyRing(kmsProvider, [oldMaster.provider]), [a.id, b.id])).toEqual({ organisations: 2, dataKeys: 3 });

    const keysAfter = [...(await rawDataKeys(a.id)), ...(await rawDataKeys(b.id))];
    expect(keysAfter.map((k) => [k.id, k.field_name, k.created_at])).toEqual(keysBefore.map((k) => [k.id, k.field_name, k.created_at]));
    keysAfter.forEach((k, i) => {
      expect(k).toMatchObject({ master_key_provider: 'aws-kms', master_key_id: kms.keyArns[0], rotated_at: expect.any(Date) });
      expect(k.wrapped_key.equals(keysBefore[i]!.wrapped_key)).toBe(false);
      expect(containsAnyWindow(k.wrapped_key, dataKeys[i]!)).toBe(false);
    });
    // No value was re-encrypted, and the new master key alone opens them all.
    const kmsOnly = encryptionWith(kmsProvider);
    for (const s of stored) {
      expect((await rawValue(table, s.id)).equals(s.value)).toBe(true);
      expect(await decrypt(s.tenant, s.field, s.value, kmsOnly)).toBe(s.text);
    }
    await expect(decrypt(a.id, 'person.identifierNational', stored[0]!.value, encryptionWith(oldMaster.provider))).rejects.toMatchObject({ code: 'MASTER_KEY_UNAVAILABLE' });

    // Back to a (new) local master key, for tenant A only.
    const newMaster = localMasterKey();
    expect(await rotateMasterKey(db, createKeyRing(newMaster.provider, [kmsProvider]), [a.id])).toEqual({ organisations: 1, dataKeys: 2 });
    expect((await rawDataKeys(a.id)).map((k) => k.master_key_provider)).toEqual(['local', 'local']);
    expect((await rawDataKeys(b.id)).map((k) => k.master_key_provider)).toEqual(['aws-kms']);
    expect(await decrypt(a.id, 'medicalTreatment.diagnosis', stored[1]!.value, encryptionWith(newMaster.provider))).toBe('Concussion');
  });

  it('changes nothing for a tenant whose old master key is not configured', async () => {
    const tenant = await createTenant();
    const oldMaster = localMasterKey();
    const { value } = await storeEncrypted(db, table, tenant.id, 'person.identifierNational', '850412-9999', encryptionWith(oldMaster.provider));
    const keysBefore = await rawDataKeys(tenant.id);

    const unrelated = localMasterKey();
    await expect(rotateMasterKey(db, createKeyRing(localMasterKey().provider, [unrelated.provider]), [tenant.id])).rejects.toMatchObject({ code: 'MASTER_KEY_UNAVAILABLE' });
    expect(await rawDataKeys(tenant.id)).toEqual(keysBefore);
    expect(await decrypt(tenant.id, 'person.identifierNational', value, encryptionWith(oldMaster.provider))).toBe('850412-9999');
  });
});
