// Re-erases every subject the deletion ledger lists whose data came back with a restore of the tenant database:
// `npm run ledger:replay`. The server does the same at start-up; run this after restoring a backup into a
// database the server is not started on yet. Reads the ledger, never changes it.
import { randomUUID } from 'node:crypto';
import { getConfig } from '@/lib/platform/config';
import { closeDb, getDb } from '@/lib/platform/db/get-db';
import { closeLedger, getLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { resolvePseudonymSecret } from '@/lib/privacy/erasure/pseudonym';
import { replayLedger } from '@/lib/privacy/erasure/replay-ledger';

try {
  const result = await replayLedger({ db: await getDb(), ledger: await getLedger(), secret: resolvePseudonymSecret(getConfig()), now: () => new Date(), runId: `ledger-replay-${randomUUID()}` });
  console.log(
    `Deletion ledger: ${result.entries} entries over ${result.tenants} tenants; re-erased ${result.reErased}, already erased ${result.alreadyErased}, not in this database ${result.notFound}.`,
  );
} finally {
  await Promise.all([closeDb(), closeLedger()]);
}
