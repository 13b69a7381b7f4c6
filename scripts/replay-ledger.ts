// Re-erases every subject the deletion ledger lists whose data came back with a restore of the tenant database:
// `npm run ledger:replay`. It replays whether or not a restore is marked, and stamps the pending restore markers
// it covers, so no instance replays them again at start-up. The server itself replays at start-up only while a
// marker is pending (npm run ledger:mark-restored); run this to re-erase before any server starts. Reads the
// ledger, never changes it.
import { randomUUID } from 'node:crypto';
import { getConfig } from '@/lib/platform/config';
import { closeDb, getDb } from '@/lib/platform/db/get-db';
import { closeLedger, getLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { PrivacyConfigError, resolvePseudonymSecret } from '@/lib/privacy/erasure/pseudonym';
import { replayLedgerForRestoreMarkers } from '@/lib/privacy/erasure/restore-marker-replay';

try {
  const { markers, result } = await replayLedgerForRestoreMarkers(
    { db: await getDb(), openLedger: getLedger, secret: resolvePseudonymSecret(getConfig()), now: () => new Date(), runId: `ledger-replay-${randomUUID()}` },
    { always: true },
  );
  console.log(
    `Deletion ledger: ${result!.entries} entries over ${result!.tenants} tenants; re-erased ${result!.reErased}, already erased ${result!.alreadyErased}, not in this database ${result!.notFound}.`,
  );
  console.log(markers > 0 ? `This covers ${markers} restore(s) marked as waiting for the replay.` : 'No restore was waiting for the replay.');
} catch (error) {
  if (!(error instanceof PrivacyConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await Promise.all([closeDb(), closeLedger()]);
}
