import { eq, sql } from 'drizzle-orm';
import { type Database, type Executor, rowsOf } from '@/db/client';
import { encryptionDataKeys } from '@/db/schema';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { FieldCryptoError } from './crypto-errors';
import type { KeyRing } from './key-ring';
import { toBuffer } from './unwrap-data-key';

/**
 * Rewraps every data key of one tenant under the key ring's current master key. The data keys themselves do
 * not change, so no stored value is re-encrypted and every value stays readable throughout.
 */
export async function rotateTenantDataKeys(tx: Executor, organisationId: string, keyRing: KeyRing): Promise<number> {
  const rows = await tx
    .select({
      id: encryptionDataKeys.id,
      wrappedKey: encryptionDataKeys.wrappedKey,
      masterKeyProvider: encryptionDataKeys.masterKeyProvider,
      masterKeyId: encryptionDataKeys.masterKeyId,
    })
    .from(encryptionDataKeys)
    .where(eq(encryptionDataKeys.organisationId, organisationId))
    .for('update');
  for (const row of rows) {
    const key = await keyRing.unwrap({ wrapped: toBuffer(row.wrappedKey), provider: row.masterKeyProvider, masterKeyId: row.masterKeyId });
    const rewrapped = await keyRing.wrap(key);
    // The old wrapping is gone once this commits: prove the new one opens before replacing it.
    if (!(await keyRing.unwrap(rewrapped)).equals(key)) throw new FieldCryptoError('KEY_PROVIDER_FAILED', `Rewrapping data key ${row.id} did not round-trip.`);
    await tx
      .update(encryptionDataKeys)
      .set({ wrappedKey: rewrapped.wrapped, masterKeyProvider: rewrapped.provider, masterKeyId: rewrapped.masterKeyId, rotatedAt: sql`now()` })
      .where(eq(encryptionDataKeys.id, row.id));
  }
  return rows.length;
}

/**
 * Master key rotation for every tenant (or only `organisationIds`, to try a new master key on a few tenants
 * first), one transaction per tenant under its own RLS context.
 */
export async function rotateMasterKey(db: Database, keyRing: KeyRing, organisationIds?: string[]): Promise<{ organisations: number; dataKeys: number }> {
  const withKeys = rowsOf<{ organisation_id: string }>(await db.execute(sql`select organisation_id from app_encryption_key_organisations()`));
  const tenants = withKeys.filter((t) => !organisationIds || organisationIds.includes(t.organisation_id));
  let dataKeys = 0;
  for (const { organisation_id: organisationId } of tenants) {
    dataKeys += await withTenant(db, organisationId, (tx) => rotateTenantDataKeys(tx, organisationId, keyRing));
  }
  return { organisations: tenants.length, dataKeys };
}
