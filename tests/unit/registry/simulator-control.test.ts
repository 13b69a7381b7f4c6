import { afterEach, describe, expect, it } from 'vitest';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { registrySeedPersons } from '@/scripts/registry-simulator/seed-data';
import { apiKey, call, startSimulator } from './simulator-helpers';

let simulator: RegistrySimulator;

afterEach(async () => {
  await simulator.close();
});

describe('faults', () => {
  it('answers 503 to every API call during an outage, and serves again after it', async () => {
    simulator = await startSimulator();
    simulator.control.setOutage(true);
    for (const [path, method] of [['/api/v1/persons/P-100001', 'GET'], ['/api/v1/persons?changedSince=2026-01-01T00:00:00Z', 'GET'], ['/api/v1/codelists/sport', 'GET'], ['/api/v1/exports/persons', 'GET']] as const) {
      const response = await call(simulator, path, { method });
      expect(response.status).toBe(503);
      expect(response.body.error.code).toBe('SERVICE_UNAVAILABLE');
    }
    const proposal = await call(simulator, '/api/v1/persons/P-100001', { method: 'PATCH', body: { changes: { firstName: 'X' }, idempotencyKey: 'during-outage' } });
    expect(proposal.status).toBe(503);
    expect(simulator.control.submissions()).toEqual([]);
    simulator.control.setOutage(false);
    expect((await call(simulator, '/api/v1/persons/P-100001')).status).toBe(200);
  });

  it('fails the configured fraction of calls with 500, the same calls for the same seed', async () => {
    const patterns: number[][] = [];
    for (let run = 0; run < 2; run++) {
      simulator = await startSimulator({ seed: 11 });
      simulator.control.setFailureRate(0.1);
      const statuses: number[] = [];
      for (let i = 0; i < 300; i++) statuses.push((await call(simulator, '/api/v1/organizations/O-2001')).status);
      const failed = statuses.flatMap((status, i) => (status === 500 ? [i] : []));
      expect(statuses.every((status) => status === 200 || status === 500)).toBe(true);
      expect(failed.length).toBeGreaterThan(15);
      expect(failed.length).toBeLessThan(45);
      patterns.push(failed);
      if (run === 0) await simulator.close();
    }
    expect(patterns[0]).toEqual(patterns[1]);
  });

  it('delays answers by the configured latency', async () => {
    simulator = await startSimulator();
    simulator.control.setLatency(250);
    const started = performance.now();
    expect((await call(simulator, '/api/v1/persons/P-100001')).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
  });

  it('rate-limits per API key and second with 429 and Retry-After', async () => {
    let clock = new Date('2026-03-01T12:00:00.000Z');
    simulator = await startSimulator({ apiKeys: [apiKey, 'other-key'], now: () => clock });
    simulator.control.setRateLimit(3);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await call(simulator, '/api/v1/codelists/sport'));
    expect(statuses.map((r) => r.status)).toEqual([200, 200, 200, 429]);
    expect(statuses[3]!.headers.get('retry-after')).toBe('1');
    expect(statuses[3]!.body.error.code).toBe('RATE_LIMITED');
    expect((await call(simulator, '/api/v1/codelists/sport', { headers: { 'x-api-key': 'other-key' } })).status).toBe(200);
    clock = new Date('2026-03-01T12:00:01.000Z');
    expect((await call(simulator, '/api/v1/codelists/sport')).status).toBe(200);
  });
});

describe('control API over HTTP', () => {
  it('takes the API key when no control token is set, and only the token when one is', async () => {
    simulator = await startSimulator();
    expect((await call(simulator, '/__control/settings')).status).toBe(200);
    expect((await call(simulator, '/__control/settings', { headers: { 'x-api-key': 'nope' } })).status).toBe(401);
    await simulator.close();

    simulator = await startSimulator({ controlToken: 'control-secret' });
    const withKey = await call(simulator, '/__control/settings');
    expect(withKey.status).toBe(401);
    expect(withKey.body.error.message).toBe('A valid X-Control-Token header is required.');
    expect((await call(simulator, '/__control/settings', { headers: { 'x-control-token': 'control-secret' } })).status).toBe(200);
  });

  it('switches faults and decisions, makes changes, and answers even during an outage', async () => {
    simulator = await startSimulator();
    const settings = await call(simulator, '/__control/settings', { method: 'PATCH', body: { outage: true, latencyMs: 0, decisions: { default: 'reject', rules: [{ field: 'birthDate', decision: 'accept' }] } } });
    expect(settings.body).toMatchObject({ outage: true, decisions: { default: 'reject', rules: [{ field: 'birthDate', decision: 'accept' }], delayMs: 0 } });
    expect(simulator.control.settings().outage).toBe(true);
    expect((await call(simulator, '/api/v1/persons/P-100001')).status).toBe(503);

    const random = await call(simulator, '/__control/random-changes', { method: 'POST', body: { count: 3 } });
    expect(random.body.changes).toHaveLength(3);
    const person = await call(simulator, '/__control/persons/P-100004', { method: 'PATCH', body: { changes: { nationalIdentifier: '06113012345' } } });
    expect(person.body).toEqual({ changedFields: ['nationalIdentifier'] });
    expect(simulator.store.persons.get('P-100004')!.nationalIdentifier).toBe('06113012345');
    const code = await call(simulator, '/__control/codelists/league/values/KL-BE', { method: 'PUT', body: { label: 'Kreisliga Berlin' } });
    expect(code.body.change).toMatchObject({ kind: 'added', value: { code: 'KL-BE', label: 'Kreisliga Berlin', active: true } });
    expect((await call(simulator, '/__control/persons/P-1', { method: 'PATCH', body: { changes: { firstName: 'X' } } })).status).toBe(404);
    expect((await call(simulator, '/__control/settings', { method: 'PATCH', body: { failureRate: 2 } })).status).toBe(400);

    const deliveries = await call(simulator, '/__control/deliveries');
    expect(deliveries.body.data.map((d: { event: string }) => d.event)).toEqual(['person.updated', 'person.updated', 'person.updated', 'person.updated', 'codelist.value_added']);
    const requests = await call(simulator, '/__control/requests');
    expect(requests.body.data).toEqual([expect.objectContaining({ method: 'GET', path: '/api/v1/persons/P-100001', status: 503 })]);
  });

  it('resets data, settings and logs to the seed', async () => {
    simulator = await startSimulator();
    simulator.control.randomChanges(10);
    simulator.control.setOutage(true);
    await call(simulator, '/api/v1/persons/P-100001');
    expect((await call(simulator, '/__control/reset', { method: 'POST' })).status).toBe(200);
    expect([...simulator.store.persons.values()]).toEqual(registrySeedPersons.map((p) => p.person));
    expect(simulator.control.settings().outage).toBe(false);
    expect(simulator.control.deliveries()).toEqual([]);
    expect(simulator.control.requests()).toEqual([]);
    expect((await call(simulator, '/api/v1/persons/P-100001')).body).toEqual(registrySeedPersons[0]!.person);
  });
});
