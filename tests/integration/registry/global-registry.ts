import { inject } from 'vitest';
import { processRegistryDataWebhooks } from '@/lib/registry/jobs/process-registry-data-webhooks';
import { syncCodelists } from '@/lib/registry/jobs/sync-codelists';
import { syncRegistryOrganisations } from '@/lib/registry/jobs/sync-registry-organisations';
import type { CodelistCadence } from '@/lib/registry/codelists/sync-registry-codelist';
import { createHttpRegistryAdapter } from '@/lib/registry/adapter/http-registry-adapter';
import { createTokenBucket } from '@/lib/registry/adapter/token-bucket';
import { signWebhookPayload } from '@/scripts/registry-simulator/sign-webhook';
import { call } from '../../support/api';
import { ownerDb } from '../../support/factories';
import { jobDb } from '../../support/job-db';

// The code-list and organisation tests share the registry the test server is configured with (global setup):
// code lists are global, and deliveries are the platform's, so whichever file's job processes a delivery must
// ask the same registry. These files never reset it and never give it a webhook target: they post the
// registry's signed events themselves, which also lets them "lose" one.

const silent = { info: () => {}, warn: () => {}, error: () => {} };

export function globalAdapter() {
  return createHttpRegistryAdapter({ baseUrl: inject('registryUrl'), apiKey: inject('registryApiKey'), timeoutMs: 2_000, rateLimit: createTokenBucket({ ratePerSecond: 1000 }), maxRetries: 1, baseDelayMs: 5 });
}

export async function control(method: string, path: string, body?: unknown): Promise<any> {
  const response = await fetch(`${inject('registryUrl')}/__control${path}`, {
    method,
    headers: { 'x-api-key': inject('registryApiKey'), 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`control ${method} ${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

export async function requestsSince(mark: string): Promise<{ at: string; method: string; path: string; status: number }[]> {
  const { data } = await control('GET', '/requests');
  return (data as { at: string; method: string; path: string; status: number }[]).filter((r) => r.at >= mark);
}

/** Posts a registry event to the platform's webhook, signed with the server's first secret, as the registry would. */
export async function postRegistryEvent(payload: Record<string, unknown>) {
  const body = { timestamp: new Date().toISOString(), deliveryId: `test-${Math.random().toString(36).slice(2)}`, changedFields: [], ...payload };
  const signed = { ...body, signature: signWebhookPayload(body, inject('registryWebhookSecrets')[0]!) };
  // An address of its own per delivery: the endpoint's per-address rate limit is another file's test.
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const response = await call('POST', '/api/webhooks/external-registry', { body: JSON.stringify(signed), headers: { 'content-type': 'application/json', 'x-forwarded-for': address } });
  if (response.status !== 202) throw new Error(`webhook answered ${response.status} ${response.text}`);
  return response.body as { status: string; id: string };
}

/**
 * Runs the data-webhook job, then waits until the delivery is done: the other file's run may hold its lease.
 */
export async function processDelivery(deliveryId: string, now: () => Date = () => new Date()) {
  for (let i = 0; i < 50; i++) {
    await processRegistryDataWebhooks({ db: jobDb(), now, registry: globalAdapter(), log: silent });
    const [row] = await ownerDb()`select status, outcome, attempts from registry_webhook_deliveries where id = ${deliveryId}`;
    if (row && row.status !== 'received' && row.status !== 'retry') return row;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`delivery ${deliveryId} was not processed`);
}

export function runCodelistSync(cadence: CodelistCadence | 'all', now: () => Date = () => new Date()) {
  return syncCodelists({ db: jobDb(), now, registry: globalAdapter(), cadence, log: silent });
}

export function runOrganisationSync(now: () => Date = () => new Date()) {
  return syncRegistryOrganisations({ db: jobDb(), now, registry: globalAdapter(), log: silent, pageSize: 2 });
}
