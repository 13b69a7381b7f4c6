import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { inject } from 'vitest';
import { createFieldEncryption, type FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import type { DeliverWebhooksDeps } from '@/lib/platform/jobs/deliver-webhooks';
import type { WebhookTargetPolicy } from '@/lib/platform/webhooks/target-policy';
import { type ApiResponse, call } from '../../../support/api';
import { ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';

export type ReceivedRequest = { method: string; path: string; headers: IncomingHttpHeaders; rawBody: string };

/** An integrator's receiver on 127.0.0.1: records every request and answers with the status it is told. */
export async function startReceiver(answer: (index: number) => number = () => 204) {
  const received: ReceivedRequest[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const index = received.length;
    received.push({ method: req.method ?? '', path: req.url ?? '', headers: req.headers, rawBody: Buffer.concat(chunks).toString('utf8') });
    const status = answer(index);
    res.writeHead(status, status >= 300 && status < 400 ? { location: `http://127.0.0.1:${(server.address() as AddressInfo).port}/elsewhere` } : {}).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

let encryption: FieldEncryption | undefined;

/** Field encryption under the test server's master key, so the job opens the secrets the server sealed. */
export function serverEncryption(): FieldEncryption {
  encryption ??= createFieldEncryption(createKeyRing(createLocalKeyProvider(Buffer.from(inject('fleMasterKey'), 'base64'))), 300);
  return encryption;
}

/** The guard as the test server runs it: receivers on 127.0.0.1 over http. */
export const testTargets: WebhookTargetPolicy = { requireHttps: false, allowPrivateTargets: true };
/** The guard as production runs it. */
export const productionTargets: WebhookTargetPolicy = { requireHttps: true, allowPrivateTargets: false };

export function webhookDeps(now: () => Date, over: Partial<DeliverWebhooksDeps> = {}): DeliverWebhooksDeps {
  return { db: jobDb(), now, targetPolicy: testTargets, encryption: serverEncryption(), timeoutMs: 5_000, ...over };
}

export async function createEndpoint(tenant: TestTenant, json: Record<string, unknown>): Promise<ApiResponse> {
  return call('POST', '/api/v1/webhook-endpoints', { tenant: tenant.slug, token: await tenant.admin.token(), json });
}

/** Makes the tenant's pending deliveries due at the test's clock (each test runs in a year of its own). */
export async function makeDue(tenantId: string, at: Date): Promise<number> {
  const rows = await ownerDb()`update webhook_deliveries set next_attempt_at = ${at} where organisation_id = ${tenantId} and status = 'PENDING' returning id`;
  return rows.length;
}

export async function deliveryRows(tenantId: string) {
  return ownerDb()`select id, endpoint_id, event_id, event_type, payload, status, attempts, next_attempt_at, last_response_status, last_error, delivered_at, redelivery_of
    from webhook_deliveries where organisation_id = ${tenantId} order by created_at, id`;
}

export async function attemptRows(deliveryId: string) {
  return ownerDb()`select attempted_at, response_status, error, duration_ms from webhook_delivery_attempts where delivery_id = ${deliveryId} order by attempted_at, id`;
}
