import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { codelists, registryWebhookDeliveries } from '@/db/schema';
import { syncRegistryCodelist } from '@/lib/registry/codelists/sync-registry-codelist';
import { fanOutRegistryOrganisation } from '@/lib/registry/mirror/apply-registry-organisation';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';
import { RegistryUnavailableError } from '@/lib/registry/adapter/registry-errors';
import { describeError, type JobDeps } from '@/lib/platform/jobs/job-deps';
import { MAX_WEBHOOK_ATTEMPTS } from './process-registry-webhooks';
import { exponentialRetryDelayMs } from '@/lib/platform/jobs/retry-schedule';

export type ProcessRegistryDataWebhooksDeps = Pick<JobDeps, 'db' | 'now' | 'runId' | 'log'> & { registry: RegistryAdapter | null };
export type ProcessRegistryDataWebhooksResult = { processed: number; ignored: number; retried: number; failed: number; phase0: number };

const BATCH = 50;
const LEASE_MS = 5 * 60_000;
const retryDelayMs = (attempts: number) => exponentialRetryDelayMs({ firstDelayMs: 60_000, maxDelayMs: 60 * 60_000 }, attempts);

/**
 * Organisation and code-list webhooks, applied at once (spec 002). organization.*: the organisation is fetched
 * from the registry and its official data mirrored into the tenant linked to it. codelist.*: the list is fetched
 * with changedSince and applied (added, relabelled, deactivated; never deleted, custom values never touched).
 * A code-list event for a local or unknown list is ignored: local lists are never requested from the registry.
 * When the registry is unreachable the delivery waits and is retried; the scheduled syncs catch up anyway.
 */
export async function processRegistryDataWebhooks(deps: ProcessRegistryDataWebhooksDeps): Promise<ProcessRegistryDataWebhooksResult> {
  const result: ProcessRegistryDataWebhooksResult = { processed: 0, ignored: 0, retried: 0, failed: 0, phase0: 0 };
  if (!deps.registry) {
    result.phase0 = 1;
    return result;
  }
  const registry = deps.registry;
  const runId = deps.runId ?? randomUUID();
  const now = deps.now();
  const due = await deps.db
    .select({ id: registryWebhookDeliveries.id })
    .from(registryWebhookDeliveries)
    .where(and(inArray(registryWebhookDeliveries.status, ['received', 'retry']), lte(registryWebhookDeliveries.nextAttemptAt, now), isNotNull(registryWebhookDeliveries.subjectId)))
    .orderBy(asc(registryWebhookDeliveries.receivedAt))
    .limit(BATCH);
  for (const { id } of due) {
    const [claimed] = await deps.db
      .update(registryWebhookDeliveries)
      .set({ nextAttemptAt: new Date(now.getTime() + LEASE_MS) })
      .where(and(eq(registryWebhookDeliveries.id, id), inArray(registryWebhookDeliveries.status, ['received', 'retry']), lte(registryWebhookDeliveries.nextAttemptAt, now)))
      .returning();
    if (!claimed?.subjectId || !claimed.event) continue;
    const attempts = claimed.attempts + 1;
    try {
      let status: 'processed' | 'ignored' = 'processed';
      let outcome: string;
      if (claimed.event.startsWith('organization.')) {
        const record = await registry.getOrganization(claimed.subjectId);
        if (!record) {
          status = 'ignored';
          outcome = 'organisation unknown at the registry';
        } else {
          const outcomes = await fanOutRegistryOrganisation({ db: deps.db, now: deps.now, runId }, { record, source: { via: 'webhook', deliveryId: claimed.id, event: claimed.event } });
          if (outcomes.length === 0) status = 'ignored';
          outcome = outcomes.length === 0 ? 'no tenant is linked to this organisation' : `organisation ${outcomes.join(', ')}`;
        }
      } else {
        const name = claimed.subjectId.slice(0, claimed.subjectId.indexOf(':'));
        const [list] = await deps.db.select({ isLocal: codelists.isLocal }).from(codelists).where(eq(codelists.name, name));
        if (!list || list.isLocal) {
          status = 'ignored';
          outcome = list ? 'a local code list: never synced' : 'not a code list the platform knows';
        } else {
          const synced = await syncRegistryCodelist(deps.db, registry, name, deps.now());
          outcome = `code list ${name}: ${synced.added} added, ${synced.modified} modified, ${synced.deactivated} deactivated`;
        }
      }
      await deps.db
        .update(registryWebhookDeliveries)
        .set({ status, outcome, attempts, processedAt: deps.now(), nextAttemptAt: null, lastError: null })
        .where(eq(registryWebhookDeliveries.id, id));
      if (status === 'processed') result.processed += 1;
      else result.ignored += 1;
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
