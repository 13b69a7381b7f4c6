import { createHmac, timingSafeEqual } from 'node:crypto';
import canonicalize from 'canonicalize';
import { afterEach, describe, expect, it } from 'vitest';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { startWebhookReceiver, type ReceivedWebhook, type WebhookReceiver } from '@/tests/support/webhook-receiver';
import { startSimulator } from './simulator-helpers';

let simulator: RegistrySimulator | undefined;
let receiver: WebhookReceiver | undefined;

afterEach(async () => {
  await simulator?.close();
  await receiver?.stop();
  simulator = receiver = undefined;
});

/** Verifies as the platform will: HMAC-SHA-256 over the RFC 8785 form of the body without `signature`. */
function verify(webhook: ReceivedWebhook, secret: string): boolean {
  const { signature, ...unsigned } = webhook.body;
  const expected = Buffer.from(`hmac-sha256:${createHmac('sha256', secret).update(canonicalize(unsigned)!).digest('hex')}`);
  const given = Buffer.from(String(signature));
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Deliveries run concurrently, so arrival order is not emission order; this restores emission order. */
function inEmissionOrder(simulator: RegistrySimulator, received: ReceivedWebhook[]): ReceivedWebhook[] {
  const order = simulator.control.deliveries().map((d) => d.deliveryId);
  return [...received].sort((a, b) => order.indexOf(String(a.body.deliveryId)) - order.indexOf(String(b.body.deliveryId)));
}

async function start(answer?: (index: number) => number, options: Parameters<typeof startSimulator>[0] = {}) {
  receiver = await startWebhookReceiver(answer);
  simulator = await startSimulator({ webhook: { url: receiver.url, secrets: ['whsec_current', 'whsec_previous'] }, ...options });
  return { simulator, receiver };
}

describe('signed webhooks', () => {
  it('signs every event with the first secret, in the body and the X-Registry-Signature header, with a delivery id', async () => {
    const { simulator, receiver } = await start();
    simulator.control.updatePerson('P-100001', { officialEmail: 'lena@elsewhere.example' });
    simulator.control.updateOrganization('O-2002', { name: 'SV Umbrella 1907' });
    simulator.control.changeCodelist('region', { code: 'DE-HB', label: 'Bremen' });
    simulator.control.changeCodelist('region', { code: 'DE-HB', label: 'Free Hanseatic City of Bremen' });
    simulator.control.changeCodelist('region', { code: 'DE-HB', active: false });
    await simulator.control.settle();
    const received = inEmissionOrder(simulator, receiver.received);

    expect(received.map((w) => w.body.event)).toEqual(['person.updated', 'organization.updated', 'codelist.value_added', 'codelist.value_modified', 'codelist.value_deactivated']);
    for (const webhook of received) {
      expect(verify(webhook, 'whsec_current')).toBe(true);
      expect(verify(webhook, 'whsec_previous')).toBe(false);
      expect(webhook.headers['x-registry-signature']).toBe(webhook.body.signature);
      expect(webhook.headers['x-registry-delivery']).toBe(webhook.body.deliveryId);
      expect(webhook.headers['x-registry-event']).toBe(webhook.body.event);
      expect(webhook.headers['content-type']).toBe('application/json');
      expect(String(webhook.body.timestamp)).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    }
    expect(new Set(received.map((w) => w.body.deliveryId)).size).toBe(5);
    expect(received[0]!.body).toEqual({
      event: 'person.updated',
      personId: 'P-100001',
      changedFields: ['officialEmail'],
      timestamp: expect.any(String),
      deliveryId: expect.any(String),
      signature: expect.stringMatching(/^hmac-sha256:[0-9a-f]{64}$/),
    });
    expect(received[2]!.body).toMatchObject({ codelist: 'region', valueCode: 'DE-HB', changedFields: ['code', 'label', 'active'] });
    expect(received[4]!.body).toMatchObject({ valueCode: 'DE-HB', changedFields: ['active'] });

    const tampered = { ...received[0]!, body: { ...received[0]!.body, personId: 'P-100002' } };
    expect(verify(tampered, 'whsec_current')).toBe(false);
  });

  it('retries a failing endpoint at most 3 times with the same delivery, then gives up and records the failure', async () => {
    // Offered more pauses than that, it still stops after the third retry.
    const { simulator, receiver } = await start(() => 500, { webhookRetryDelaysMs: [5, 5, 5, 5, 5] });
    simulator.control.updatePerson('P-100002', { firstName: 'Matteo' });
    await simulator.control.settle();
    expect(receiver.received).toHaveLength(4);
    expect(new Set(receiver.received.map((w) => w.rawBody)).size).toBe(1);
    const [delivery] = simulator.control.deliveries();
    expect(delivery).toMatchObject({ event: 'person.updated', outcome: 'failed' });
    expect(delivery!.attempts.map((a) => a.status)).toEqual([500, 500, 500, 500]);
  });

  it('stops retrying once the endpoint answers 2xx', async () => {
    const { simulator, receiver } = await start((index) => (index < 2 ? 503 : 202));
    simulator.control.updatePerson('P-100002', { firstName: 'Matteo' });
    await simulator.control.settle();
    expect(receiver.received).toHaveLength(3);
    expect(simulator.control.deliveries()[0]).toMatchObject({ outcome: 'delivered', attempts: [{ status: 503 }, { status: 503 }, { status: 202 }] });
  });

  it('counts an unreachable endpoint as a failed attempt and retries it too', async () => {
    simulator = await startSimulator({ webhook: { url: 'http://127.0.0.1:9/unreachable', secrets: ['s'] } });
    simulator.control.updatePerson('P-100002', { firstName: 'Matteo' });
    await simulator.control.settle();
    const [delivery] = simulator.control.deliveries();
    expect(delivery!.outcome).toBe('failed');
    expect(delivery!.attempts).toHaveLength(4);
    expect(delivery!.attempts.every((a) => a.status === null && a.error)).toBe(true);
  });

  it('drops the configured fraction of webhooks, repeatably for one seed', async () => {
    const dropped: number[][] = [];
    for (let run = 0; run < 2; run++) {
      const { simulator, receiver } = await start(undefined, { seed: 7 });
      simulator.control.setWebhookDropRate(0.3);
      const changes = simulator.control.randomChanges(200);
      await simulator.control.settle();
      const deliveries = simulator.control.deliveries();
      expect(changes).toHaveLength(200);
      expect(deliveries).toHaveLength(200);
      const lost = deliveries.flatMap((d, i) => (d.outcome === 'dropped' ? [i] : []));
      expect(lost.length).toBeGreaterThan(40);
      expect(lost.length).toBeLessThan(80);
      expect(receiver.received).toHaveLength(200 - lost.length);
      expect(deliveries.filter((d) => d.outcome === 'delivered')).toHaveLength(200 - lost.length);
      dropped.push(lost);
      await simulator.close();
      await receiver.stop();
    }
    simulator = receiver = undefined;
    expect(dropped[0]).toEqual(dropped[1]);
  });

  it('randomChanges(n) changes identity fields of n persons and emits person.updated for each', async () => {
    const { simulator, receiver } = await start();
    const before = structuredClone([...simulator.store.persons.values()]);
    const changes = simulator.control.randomChanges(5);
    await simulator.control.settle();
    expect(changes).toHaveLength(5);
    expect(inEmissionOrder(simulator, receiver.received).map((w) => ({ personId: w.body.personId, changedFields: w.body.changedFields }))).toEqual(changes);
    for (const change of changes) {
      expect(change.changedFields).toHaveLength(1);
      expect(['firstName', 'lastName', 'birthDate', 'nationalIdentifier', 'nationality', 'officialEmail']).toContain(change.changedFields[0]);
    }
    const changedIds = [...simulator.store.persons.values()].filter((p, i) => JSON.stringify(p) !== JSON.stringify(before[i])).map((p) => p.id);
    expect(changedIds.sort()).toEqual([...new Set(changes.map((c) => c.personId))].sort());
  });

  it('records events without sending them when no webhook is configured', async () => {
    simulator = await startSimulator();
    simulator.control.updatePerson('P-100001', { firstName: 'Helena' });
    expect(simulator.control.deliveries()).toEqual([expect.objectContaining({ event: 'person.updated', outcome: 'not_configured', body: null, attempts: [] })]);
  });
});
