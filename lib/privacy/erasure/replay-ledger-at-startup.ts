import { randomUUID } from 'node:crypto';
import type { Config } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/get-db';
import { assertLedgerConfigured, getLedger } from './deletion-ledger';
import { PrivacyConfigError, resolvePseudonymSecret } from './pseudonym';
import { replayLedgerForRestoreMarkers } from './restore-marker-replay';

/**
 * The start-up check of the deletion ledger, once per restore: only a restore marker still pending
 * (npm run ledger:mark-restored, after a restore) makes the start read the ledger; several instances starting
 * together replay it once. A deployment without a ledger or pseudonym secret still starts (erasure then refuses to
 * run, saying why, and a pending marker waits until they are set); a ledger that is configured but unreachable while
 * a marker is pending stops the start, since serving a restored database without re-erasing would show erased
 * people again.
 */
export async function replayLedgerAtStartup(config: Config): Promise<void> {
  let secret: string;
  try {
    secret = resolvePseudonymSecret(config);
    assertLedgerConfigured(config);
  } catch (error) {
    if (!(error instanceof PrivacyConfigError)) throw error;
    console.warn(`[quartermaster] ${error.message} Erasure requests cannot be carried out until it is set.`);
    return;
  }
  const { markers, result } = await replayLedgerForRestoreMarkers(
    { db: await getDb(), openLedger: getLedger, secret, now: () => new Date(), runId: `ledger-replay-${randomUUID()}`, log: console },
    { always: false },
  );
  if (result) console.info(`[quartermaster] deletion ledger replayed after ${markers} restore(s): ${result.reErased} subject(s) erased again, ${result.alreadyErased} already erased.`);
}
