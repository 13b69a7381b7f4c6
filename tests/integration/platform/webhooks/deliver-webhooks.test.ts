import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverWebhooks, WEBHOOK_MAX_ATTEMPTS, webhookRetryDelayMs } from '@/lib/platform/jobs/deliver-webhooks';
import { markOverdueLoans } from '@/lib/lending/jobs/mark-overdue-loans';
import { call } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { insertLoan, jobDb, racingDb, testClock } from '../../../support/job-db';
import { day, loanAction, requestLoan } from '../../lending/loans/loan-helpers';
import { attemptRows, createEndpoint, deliveryRows, makeDue, productionTargets, type Receiver, type ReceivedRequest, startReceiver, testTargets, webhookDeps } from './webhook-helpers';

// Only this file runs the delivery job. Each test makes its deliveries due at a clock in a year of its own, each
// earlier than the one before, so no other test's deliveries (due now, or in a later year) are ever due for its
// runs. The webhook-timestamp header is the wall clock, so receivers verify with the real time.
let year = 1950;
let receivers: Receiver[] = [];

beforeEach(() => {
  year -= 1;
  receivers = [];
});
afterEach(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

async function receiver(answer?: (index: number) => number): Promise<Receiver> {
  const started = await startReceiver(answer);
  receivers.push(started);
  return started;
}

const headersOf = (request: ReceivedRequest) => request.headers as IncomingHttpHeaders & Record<string, string>;
const verify = (request: ReceivedRequest, secret: string) => new Webhook(secret).verify(request.rawBody, headersOf(request));

async function endpointFor(tenant: TestTenant, url: string, eventTypes: string[] = ['loan.approved']): Promise<{ id: string; secret: string }> {
  const response = await createEndpoint(tenant, { url, eventTypes });
  expect(response.status).toBe(201);
  return response.body;
}

async function sendTest(tenant: TestTenant, endpointId: string): Promise<string> {
  const response = await call('POST', `/api/v1/webhook-endpoints/${endpointId}/test`, { tenant: tenant.slug, token: await tenant.admin.token() });
  expect(response.status).toBe(202);
  return response.body.id;
}

describe('deliverWebhooks', () => {
  it('delivers an approved loan as loan.approved, signed per Standard Webhooks, once', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 204);
    const endpoint = await endpointFor(tenant, hook.url);
    const [assetId] = await insertAssets(tenant, [{ name: 'Beamer' }]);
    const requested = await requestLoan(tenant, await tenant.employee.token(), { assetId: assetId! });
    const approved = await loanAction(tenant, await tenant.manager.token(), requested.body.id, 'approve');
    expect(approved.status).toBe(200);
    expect(await makeDue(tenant.id, clock.now())).toBe(1);

    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 1, retried: 0, failed: 0 });

    const [request, ...more] = hook.received;
    expect(more).toHaveLength(0);
    const [delivery] = await deliveryRows(tenant.id);
    expect(request).toMatchObject({ method: 'POST', path: '/hooks' });
    expect(headersOf(request!)).toMatchObject({ 'content-type': 'application/json', 'user-agent': 'Quartermaster-Webhooks/1.0', 'webhook-id': delivery!.event_id });
    expect(Math.abs(Number(headersOf(request!)['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    expect(headersOf(request!)['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const body = verify(request!, endpoint.secret) as { type: string; timestamp: string; data: { loan: Record<string, unknown> } };
    expect(body).toEqual({ type: 'loan.approved', timestamp: expect.any(String), data: { loan: expect.objectContaining({ id: requested.body.id, status: 'APPROVED', assetId }) } });
    expect(Object.keys(JSON.parse(request!.rawBody))).toEqual(['type', 'timestamp', 'data']);
    expect(() => verify(request!, `whsec_${Buffer.alloc(32, 7).toString('base64')}`)).toThrow(/No matching signature/);
    expect(() => new Webhook(endpoint.secret).verify(request!.rawBody.replace('APPROVED', 'REJECTED'), headersOf(request!))).toThrow();

    expect(delivery).toMatchObject({ status: 'DELIVERED', attempts: 1, last_response_status: 204, last_error: null, delivered_at: clock.now() });
    expect(await attemptRows(delivery!.id)).toEqual([{ attempted_at: clock.now(), response_status: 204, error: null, duration_ms: expect.any(Number) }]);

    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 0, retried: 0, failed: 0 });
    expect(hook.received).toHaveLength(1);
  });

  it('retries a failing receiver with backoff (500, 500, then 200) and delivers once, the log showing every attempt', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver((index) => (index < 2 ? 500 : 200));
    const endpoint = await endpointFor(tenant, hook.url);
    const deliveryId = await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());
    const deps = webhookDeps(clock.now);
    const first = clock.now();

    expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    let [row] = await deliveryRows(tenant.id);
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1, last_response_status: 500, last_error: 'The endpoint answered 500.', next_attempt_at: new Date(first.getTime() + 5_000) });

    expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    clock.advance(5_000);
    expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 1, failed: 0 });
    [row] = await deliveryRows(tenant.id);
    expect(row).toMatchObject({ attempts: 2, next_attempt_at: new Date(clock.now().getTime() + 5 * 60_000) });

    clock.advance(4 * 60_000);
    expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 0, failed: 0 });
    clock.advance(60_000);
    expect(await deliverWebhooks(deps)).toEqual({ delivered: 1, retried: 0, failed: 0 });

    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((request) => headersOf(request)['webhook-id'])).size).toBe(1);
    expect(new Set(hook.received.map((request) => request.rawBody)).size).toBe(1);
    for (const request of hook.received) expect(verify(request, endpoint.secret)).toMatchObject({ type: 'webhook.test', data: { endpointId: endpoint.id } });

    const log = await call('GET', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${deliveryId}`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(log.status).toBe(200);
    expect(log.body).toMatchObject({ status: 'DELIVERED', attemptCount: 3, lastResponseStatus: 200, lastError: null, nextAttemptAt: null, deliveredAt: clock.now().toISOString() });
    expect(log.body.attempts.map((a: { attemptedAt: string; responseStatus: number }) => [a.attemptedAt, a.responseStatus])).toEqual([
      [first.toISOString(), 500],
      [new Date(first.getTime() + 5_000).toISOString(), 500],
      [clock.now().toISOString(), 200],
    ]);
    expect(log.text).not.toContain(endpoint.secret.slice(6));
  });

  it(`gives up after ${WEBHOOK_MAX_ATTEMPTS} attempts over the Standard Webhooks schedule`, async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 503);
    const endpoint = await endpointFor(tenant, hook.url);
    await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());
    const warnings: string[] = [];
    const deps = webhookDeps(clock.now, { log: { info: () => {}, warn: (message: string) => warnings.push(message), error: () => {} } });

    const delays: number[] = [];
    for (let attempt = 1; attempt < WEBHOOK_MAX_ATTEMPTS; attempt++) {
      expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 1, failed: 0 });
      const [row] = await deliveryRows(tenant.id);
      delays.push(row!.next_attempt_at.getTime() - clock.now().getTime());
      clock.set(row!.next_attempt_at);
    }
    expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 0, failed: 1 });

    expect(delays).toEqual([5_000, 300_000, 1_800_000, 7_200_000, 18_000_000, 36_000_000, 36_000_000]);
    expect(delays).toEqual(delays.map((_, i) => webhookRetryDelayMs(i + 1)));
    expect(hook.received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [row] = await deliveryRows(tenant.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: WEBHOOK_MAX_ATTEMPTS, last_response_status: 503 });
    expect(await attemptRows(row!.id)).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    expect(warnings).toEqual([expect.stringContaining(`endpoint ${endpoint.id} failed for good after 8 attempts`)]);
    expect(warnings.join()).not.toContain(hook.url);
    clock.advance(24 * 3_600_000);
    expect(await deliverWebhooks(deps)).toEqual({ delivered: 0, retried: 0, failed: 0 });
  });

  it('redelivers a finished delivery as a new one, with the same webhook-id and body and a fresh signature', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 200);
    const endpoint = await endpointFor(tenant, hook.url);
    const originalId = await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());
    expect(await deliverWebhooks(webhookDeps(clock.now))).toMatchObject({ delivered: 1 });

    const redelivered = await call('POST', `/api/v1/webhook-endpoints/${endpoint.id}/deliveries/${originalId}/redeliver`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(redelivered.status).toBe(202);
    expect(redelivered.body).toMatchObject({ redeliveryOf: originalId, status: 'PENDING', attemptCount: 0, eventType: 'webhook.test' });
    expect(redelivered.body.id).not.toBe(originalId);
    clock.advance(60_000);
    await makeDue(tenant.id, clock.now());
    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 1, retried: 0, failed: 0 });

    expect(hook.received).toHaveLength(2);
    const [first, second] = hook.received;
    expect(headersOf(second!)['webhook-id']).toBe(headersOf(first!)['webhook-id']);
    expect(second!.rawBody).toBe(first!.rawBody);
    expect(verify(second!, endpoint.secret)).toEqual(verify(first!, endpoint.secret));
    const rows = await deliveryRows(tenant.id);
    expect(rows.map((row) => [row.id, row.status, row.attempts, row.redelivery_of])).toEqual([
      [originalId, 'DELIVERED', 1, null],
      [redelivered.body.id, 'DELIVERED', 1, originalId],
    ]);
    const [audit] = await ownerDb()`select action, metadata from audit_log where target_id = ${endpoint.id} and action = 'WEBHOOK_REDELIVERY_REQUESTED'`;
    expect(audit!.metadata).toEqual({ deliveryId: redelivered.body.id, redeliveryOf: originalId, eventType: 'webhook.test' });
  });

  it('signs with the new and the previous secret during the rotation overlap, and with the new one only after it', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 200);
    const endpoint = await endpointFor(tenant, hook.url);
    const rotated = await call('POST', `/api/v1/webhook-endpoints/${endpoint.id}/rotate-secret`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(rotated.status).toBe(200);
    const oldSecret = endpoint.secret;
    const newSecret: string = rotated.body.secret;

    await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());
    expect(await deliverWebhooks(webhookDeps(clock.now))).toMatchObject({ delivered: 1 });
    const during = hook.received[0]!;
    expect(String(headersOf(during)['webhook-signature']).split(' ')).toHaveLength(2);
    expect(verify(during, newSecret)).toMatchObject({ type: 'webhook.test' });
    expect(verify(during, oldSecret)).toMatchObject({ type: 'webhook.test' });

    // The 24 hours pass (by the job's clock): the old secret is dropped and signs no more.
    await ownerDb()`update webhook_endpoints set previous_secret_expires_at = ${new Date(clock.now().getTime() - 1_000)} where id = ${endpoint.id}`;
    await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());
    expect(await deliverWebhooks(webhookDeps(clock.now))).toMatchObject({ delivered: 1 });
    const after = hook.received[1]!;
    expect(String(headersOf(after)['webhook-signature']).split(' ')).toHaveLength(1);
    expect(verify(after, newSecret)).toMatchObject({ type: 'webhook.test' });
    expect(() => verify(after, oldSecret)).toThrow(/No matching signature/);
    const [stored] = await ownerDb()`select previous_secret, previous_secret_expires_at from webhook_endpoints where id = ${endpoint.id}`;
    expect(stored).toEqual({ previous_secret: null, previous_secret_expires_at: null });
  });

  it('refuses private targets at delivery time when the guard is on, also after DNS, and sends nothing', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 200);
    const byAddress = await endpointFor(tenant, hook.url);
    const byName = await endpointFor(tenant, `http://localhost:${hook.port}/hooks`);
    await sendTest(tenant, byAddress.id);
    await sendTest(tenant, byName.id);
    await makeDue(tenant.id, clock.now());

    const guarded = { requireHttps: false, allowPrivateTargets: false };
    expect(await deliverWebhooks(webhookDeps(clock.now, { targetPolicy: guarded }))).toEqual({ delivered: 0, retried: 2, failed: 0 });
    expect(hook.received).toHaveLength(0);
    const refused = await deliveryRows(tenant.id);
    for (const row of refused) {
      expect(row).toMatchObject({ status: 'PENDING', attempts: 1, last_response_status: null });
      expect(row.last_error).toMatch(/^WebhookTargetError: Webhooks cannot be sent to a loopback \(127\.0\.0\.0\/8\) address\.$|loopback \(::1\)/);
      expect(await attemptRows(row.id)).toEqual([expect.objectContaining({ response_status: null, error: row.last_error })]);
    }

    clock.advance(5_000);
    expect(await deliverWebhooks(webhookDeps(clock.now, { targetPolicy: productionTargets }))).toEqual({ delivered: 0, retried: 2, failed: 0 });
    expect((await deliveryRows(tenant.id)).map((row) => row.last_error)).toEqual([expect.stringContaining('https://'), expect.stringContaining('https://')]);
    expect(hook.received).toHaveLength(0);

    // The same deliveries go through once the guard allows the receiver: the refusals were the guard's.
    clock.advance(5 * 60_000);
    expect(await deliverWebhooks(webhookDeps(clock.now, { targetPolicy: testTargets }))).toEqual({ delivered: 2, retried: 0, failed: 0 });
    expect(hook.received).toHaveLength(2);
  });

  it('fails the due deliveries of a disabled endpoint without sending them', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 200);
    const endpoint = await endpointFor(tenant, hook.url);
    await sendTest(tenant, endpoint.id);
    const disabled = await call('PATCH', `/api/v1/webhook-endpoints/${endpoint.id}`, { tenant: tenant.slug, token: await tenant.admin.token(), json: { enabled: false } });
    expect(disabled.status).toBe(200);
    await makeDue(tenant.id, clock.now());

    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 0, retried: 0, failed: 1 });

    expect(hook.received).toHaveLength(0);
    const [row] = await deliveryRows(tenant.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 0, last_error: 'The endpoint is disabled; nothing was sent.' });
    expect(await attemptRows(row!.id)).toHaveLength(0);
  });

  it('does not follow a redirect: a 3xx answer is a failed attempt', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 302);
    const endpoint = await endpointFor(tenant, hook.url);
    await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());

    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 0, retried: 1, failed: 0 });

    expect(hook.received.map((request) => request.path)).toEqual(['/hooks']);
    const [row] = await deliveryRows(tenant.id);
    expect(row).toMatchObject({ last_response_status: 302, last_error: 'The endpoint answered 302 (redirects are not followed).' });
  });

  it('sends a delivery once when runs race for it', async () => {
    const clock = testClock(`${year}-06-01T09:00:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 200);
    const endpoint = await endpointFor(tenant, hook.url);
    await sendTest(tenant, endpoint.id);
    await makeDue(tenant.id, clock.now());

    const racing = racingDb(jobDb(), 3);
    const results = await Promise.all([1, 2, 3].map(() => deliverWebhooks(webhookDeps(clock.now, { db: racing }), { limit: 5 })));

    expect(results.reduce((sum, result) => sum + result.delivered, 0)).toBe(1);
    expect(hook.received).toHaveLength(1);
    expect((await deliveryRows(tenant.id))[0]).toMatchObject({ status: 'DELIVERED', attempts: 1 });
  });

  it('delivers loan.overdue from the hourly overdue check, and loan.picked_up, loan.returned and loan.extended from the API', async () => {
    const clock = testClock(`${year}-04-11T00:30:00Z`);
    const tenant = await createTenant();
    const hook = await receiver(() => 200);
    const endpoint = await endpointFor(tenant, hook.url, ['loan.overdue']);
    const loan = await insertLoan(tenant, { startDate: `${year}-04-01`, endDate: `${year}-04-10` });

    expect(await markOverdueLoans({ db: jobDb(), now: clock.now })).toMatchObject({ marked: 1 });
    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 1, retried: 0, failed: 0 });
    const body = verify(hook.received[0]!, endpoint.secret) as { type: string; timestamp: string; data: { loan: Record<string, unknown> } };
    expect(body).toEqual({ type: 'loan.overdue', timestamp: clock.now().toISOString(), data: { loan: expect.objectContaining({ id: loan.id, status: 'ACTIVE', endDate: `${year}-04-10` }) } });

    const lifecycle = await createTenant();
    const all = await endpointFor(lifecycle, hook.url, ['loan.picked_up', 'loan.extended', 'loan.returned']);
    const [assetId] = await insertAssets(lifecycle, [{}]);
    const manager = await lifecycle.manager.token();
    const requested = await requestLoan(lifecycle, await lifecycle.employee.token(), { assetId: assetId! });
    expect((await loanAction(lifecycle, manager, requested.body.id, 'approve')).status).toBe(200);
    expect((await loanAction(lifecycle, manager, requested.body.id, 'pickup')).status).toBe(200);
    const extended = await loanAction(lifecycle, manager, requested.body.id, 'extend', { endDate: day(4) });
    expect(extended.status).toBe(200);
    expect((await loanAction(lifecycle, manager, requested.body.id, 'return')).status).toBe(200);
    await makeDue(lifecycle.id, clock.now());
    expect(await deliverWebhooks(webhookDeps(clock.now))).toEqual({ delivered: 3, retried: 0, failed: 0 });
    const events = hook.received.slice(1).map((request) => verify(request, all.secret) as { type: string; data: { loan: { status: string; endDate: string }; previousEndDate?: string } });
    expect(events.map((event) => [event.type, event.data.loan.status, event.data.loan.endDate, event.data.previousEndDate]).sort()).toEqual([
      ['loan.extended', 'ACTIVE', day(4), day(2)],
      ['loan.picked_up', 'ACTIVE', day(2), undefined],
      ['loan.returned', 'RETURNED', day(4), undefined],
    ]);
  });
});
