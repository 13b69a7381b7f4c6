import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { registryWebhookDeliveries } from '@/db/schema';
import type { FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';
import { RegistryUnavailableError } from '@/lib/registry/adapter/registry-errors';
import { fanOutRegistryPerson } from '@/lib/registry/mirror/sync-registry-person';
import { describeError, type JobDeps } from '@/lib/platform/jobs/job-deps';
import { exponentialRetryDelayMs } from '@/lib/platform/jobs/retry-schedule';

export type ProcessRegistryWebhooksDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & {
  /** null in phase 0 (REGISTRY_URL unset): nothing is processed. */
  registry: RegistryAdapter | null;
  encryption?: FieldEncryption;
};
export type ProcessRegistryWebhooksResult = { processed: number; retried: number; failed: number; phase0: number };

const BATCH = 50;
/** While one run works on a delivery, others leave it alone; after a crash it is due again when this lapses. */
const LEASE_MS = 5 * 60_000;
/** Organisation and code-list events are process-registry-data-webhooks' (lib/registry/jobs/process-registry-data-webhooks.ts). */
/** Beyond this the delivery is given up: the nightly reconcile applies the person anyway. */
export const MAX_WEBHOOK_ATTEMPTS = 8;
const retryDelayMs = (attempts: number) => exponentialRetryDelayMs({ firstDelayMs: 60_000, maxDelayMs: 60 * 60_000 }, attempts);
// The sweep runs every minute: phase 0 is said once per process, not every minute.
let phase0Told = false;

/**
 * Spec 002's handler steps 2-5 for verified deliveries (step 1, the signature, was the endpoint's): fetch the
 * person's current state from the registry, then merge it into every tenant's mirror. When the registry is
 * unreachable the delivery waits and is tried again later with growing pauses; local reads never depend on it.
 */
export async function processRegistryWebhooks(deps: ProcessRegistryWebhooksDeps): Promise<ProcessRegistryWebhooksResult> {
  const result: ProcessRegistryWebhooksResult = { processed: 0, retried: 0, failed: 0, phase0: 0 };
  if (!deps.registry) {
    // Said once per process: the sweep runs every minute, and a count above 0 would be logged by the driver each time.
    if (!phase0Told) {
      deps.log?.info('[quartermaster] registry sync is off (phase 0: REGISTRY_URL unset); registry webhooks are not processed');
      result.phase0 = 1;
    }
    phase0Told = true;
    return result;
  }
  const runId = deps.runId ?? randomUUID();
  const now = deps.now();
  const due = await deps.db
    .select({ id: registryWebhookDeliveries.id })
    .from(registryWebhookDeliveries)
    .where(and(inArray(registryWebhookDeliveries.status, ['received', 'retry']), lte(registryWebhookDeliveries.nextAttemptAt, now), isNotNull(registryWebhookDeliveries.registryPersonId)))
    .orderBy(asc(registryWebhookDeliveries.receivedAt))
    .limit(BATCH);
  for (const { id } of due) {
    const [claimed] = await deps.db
      .update(registryWebhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(registryWebhookDeliveries.id, id), inArray(registryWebhookDeliveries.status, ['received', 'retry']), lte(registryWebhookDeliveries.nextAttemptAt, now)))
      .returning();
    if (!claimed?.registryPersonId) continue;
    const attempts = claimed.attempts + 1;
    try {
      const registryPerson = await deps.registry.getPerson(claimed.registryPersonId);
      let outcome = 'person unknown at the registry';
      if (registryPerson) {
        const fanned = await fanOutRegistryPerson(
          { db: deps.db, now: deps.now, runId, encryption: deps.encryption },
          { registryPerson, submissionId: claimed.submissionId, source: { via: 'webhook', deliveryId: claimed.id, event: claimed.event ?? '', secretIndex: claimed.secretIndex } },
        );
        const count = (name: string) => fanned.outcomes.filter((o) => o === name).length;
        outcome = `${fanned.tenants} tenant(s): ${count('updated')} updated, ${count('conflict')} conflict, ${count('unchanged')} unchanged`;
      }
      await deps.db
        .update(registryWebhookDeliveries)
        .set({ status: 'processed', outcome, attempts, processedAt: deps.now(), nextAttemptAt: null, lastError: null })
        .where(eq(registryWebhookDeliveries.id, id));
      result.processed += 1;
    } catch (error) {
      const giveUp = attempts >= MAX_WEBHOOK_ATTEMPTS;
      deps.log?.warn(`[quartermaster] registry webhook ${id} attempt ${attempts} failed${giveUp ? ', given up' : ''}: ${describeError(error)}`);
      await deps.db
        .update(registryWebhookDeliveries)
        .set({
          status: giveUp ? 'failed' : 'retry',
          attempts,
          lastError: error instanceof RegistryUnavailableError ? error.message : describeError(error),
          nextAttemptAt: giveUp ? null : new Date(deps.now().getTime() + retryDelayMs(attempts)),
          processedAt: giveUp ? deps.now() : null,
        })
        .where(eq(registryWebhookDeliveries.id, id));
      if (giveUp) result.failed += 1;
      else result.retried += 1;
    }
  }
  return result;
}
