// Rewraps every tenant's field-encryption data keys under the configured master key: `npm run keys:rotate`.
// Configure the new master key as current (FLE_KEY_PROVIDER, FLE_LOCAL_MASTER_KEY or FLE_KMS_KEY_ID) and keep
// the old one reachable (FLE_LOCAL_PREVIOUS_MASTER_KEYS, or the KMS key still enabled) until this has run.
// Organisation ids given as arguments limit the run to those tenants: `npm run keys:rotate -- <id> <id>`.
import { getConfig } from '@/lib/platform/config';
import { resolveKeyRing } from '@/lib/platform/crypto/resolve-key-ring';
import { rotateMasterKey } from '@/lib/platform/crypto/rotate-master-key';
import { closeDb, getDb } from '@/lib/platform/db/get-db';

const organisationIds = process.argv.slice(2);
const keyRing = resolveKeyRing(getConfig());
try {
  const { organisations, dataKeys } = await rotateMasterKey(await getDb(), keyRing, organisationIds.length ? organisationIds : undefined);
  console.log(`Rewrapped ${dataKeys} data keys of ${organisations} organisations under the ${keyRing.current.name} master key.`);
} finally {
  await closeDb();
}
