import { randomUUID } from 'node:crypto';
import type { Config } from '@/lib/platform/config';
import { getDb } from '@/lib/platform/db/get-db';
import { getLedger } from './deletion-ledger';
import { PrivacyConfigError, resolvePseudonymSecret } from './pseudonym';
import { replayLedger } from './replay-ledger';

/**
 * The start-up check of the deletion ledger. A deployment without a ledger or pseudonym secret still starts
 * (erasure then refuses to run, saying why); a ledger that is configured but unreachable stops the start, since
 * serving a restored database without re-erasing would show erased people again.
 */
export async function replayLedgerAtStartup(config: Config): Promise<void> {
  let secret: string;
  try {
    secret = resolvePseudonymSecret(config);
    await getLedger();
  } catch (error) {
    if (!(error instanceof PrivacyConfigError)) throw error;
    console.warn(`[quartermaster] ${error.message} Erasure requests cannot be carried out until it is set.`);
    return;
  }
  await replayLedger({ db: await getDb(), ledger: await getLedger(), secret, now: () => new Date(), runId: `ledger-replay-${randomUUID()}`, log: console });
}
