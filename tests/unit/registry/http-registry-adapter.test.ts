import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createHttpRegistryAdapter, type HttpRegistryAdapterOptions } from '@/lib/registry/adapter/http-registry-adapter';
import { RegistryRequestError, RegistryUnavailableError } from '@/lib/registry/adapter/registry-errors';
import { createTokenBucket } from '@/lib/registry/adapter/token-bucket';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { registrySeedPersons } from '@/scripts/registry-simulator/seed-data';
import { apiKey, startSimulator } from './simulator-helpers';

let simulator: RegistrySimulator;
let pauses: number[];

beforeEach(async () => {
  simulator = await startSimulator();
  pauses = [];
});

afterEach(async () => {
  await simulator.close();
});

function adapter(overrides: Partial<HttpRegistryAdapterOptions> = {}) {
  return createHttpRegistryAdapter({
    baseUrl: simulator.url,
    apiKey,
    timeoutMs: 2_000,
    rateLimit: createTokenBucket({ ratePerSecond: 1000 }),
    random: () => 0.5,
    sleep: async (ms) => void pauses.push(ms),
    ...overrides,
  });
}

const apiCalls = () => simulator.control.requests().map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`);

describe('reads', () => {
  it('gets a person with the X-API-Key header, and null for an unknown id', async () => {
    expect(await adapter().getPerson('P-100001')).toEqual(registrySeedPersons[0]!.person);
    expect(await adapter().getPerson('P-999999')).toBeNull();
    expect(apiCalls()).toEqual(['GET /api/v1/persons/P-100001 200', 'GET /api/v1/persons/P-999999 404']);
  });

  it('follows nextCursor through every page of changedSince, in (updatedAt, id) order', async () => {
    const pages: string[][] = [];
    for await (const page of adapter().listPersonsChangedSince(new Date('2026-01-05T09:00:00.000Z'), { pageSize: 4 })) pages.push(page.records.map((p) => p.id));
    const expected = registrySeedPersons.map((s) => s.person).filter((p) => p.updatedAt >= '2026-01-05T09:00:00.000Z').sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? -1 : 1) : a.updatedAt < b.updatedAt ? -1 : 1));
    expect(pages.flat()).toEqual(expected.map((p) => p.id));
    expect(pages.length).toBe(Math.ceil(expected.length / 4));
    expect(pages.slice(0, -1).every((page) => page.length === 4)).toBe(true);
  });

  it('finds persons by national identifier without putting it in an error', async () => {
    const [first] = await adapter().findPersonsByNationalIdentifier(registrySeedPersons[0]!.person.nationalIdentifier!);
    expect(first?.id).toBe('P-100001');
    expect(await adapter().findPersonsByNationalIdentifier('nobody')).toEqual([]);
    simulator.control.setOutage(true);
    const error = await adapter({ maxRetries: 0 }).findPersonsByNationalIdentifier('SECRET-ID-1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect(String((error as Error).message)).not.toContain('SECRET-ID-1');
  });

  it('reads an organisation, a code list and a submission', async () => {
    expect((await adapter().getOrganization('O-2001'))?.name).toBe('Globex Sports Club');
    expect((await adapter().getCodelist('sport'))?.values.map((v) => v.code)).toContain('football');
    expect(await adapter().getCodelist('no_such_list')).toBeNull();
    const receipt = await adapter().proposePersonChange('P-100001', { lastName: 'Changed' }, { idempotencyKey: 'k-1' });
    expect(receipt.status).toBe('submitted');
    await simulator.control.settle();
    expect((await adapter().getSubmission(receipt.submissionId))?.status).toBe('accepted');
    expect(simulator.store.persons.get('P-100001')?.lastName).toBe('Changed');
  });
});

describe('failures', () => {
  it('an outage is a typed RegistryUnavailableError after the retries, with exponential backoff', async () => {
    simulator.control.setOutage(true);
    const error = await adapter({ maxRetries: 3, baseDelayMs: 100 }).getPerson('P-100001').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect((error as RegistryUnavailableError).details).toEqual({ method: 'GET', path: '/api/v1/persons/P-100001', attempts: 4, status: 503 });
    expect(apiCalls()).toEqual(Array(4).fill('GET /api/v1/persons/P-100001 503'));
    // random() = 0.5 of 100, 200, 400 ms.
    expect(pauses).toEqual([50, 100, 200]);
  });

  it('a slow registry times out, and the error names neither the key nor the query', async () => {
    simulator.control.setLatency(500);
    const error = await adapter({ timeoutMs: 100, maxRetries: 1 }).getPerson('P-100001').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect((error as Error).message).toContain('did not answer within 100 ms');
    expect(JSON.stringify({ message: (error as Error).message, details: (error as RegistryUnavailableError).details })).not.toContain(apiKey);
  });

  it('429 is retried after the Retry-After the registry asks for, then succeeds', async () => {
    simulator.control.setRateLimit(1);
    const registry = adapter({ baseDelayMs: 10, sleep: (ms) => (pauses.push(ms), new Promise((resolve) => setTimeout(resolve, ms))) });
    const [a, b] = await Promise.all([registry.getPerson('P-100001'), registry.getPerson('P-100002')]);
    expect([a?.id, b?.id]).toEqual(['P-100001', 'P-100002']);
    expect(apiCalls().filter((c) => c.endsWith(' 429')).length).toBeGreaterThan(0);
    // Retry-After: 1 second is a floor under the jittered backoff.
    expect(pauses.every((ms) => ms >= 1000)).toBe(true);
  });

  it('a 4xx is a RegistryRequestError at once, never retried', async () => {
    const wrongKey = adapter({ apiKey: 'wrong-key' });
    const error = await wrongKey.getPerson('P-100001').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RegistryRequestError);
    expect((error as RegistryRequestError).details).toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect((error as Error).message).not.toContain('wrong-key');
    expect(apiCalls()).toEqual(['GET /api/v1/persons/P-100001 401']);
    expect(pauses).toEqual([]);
  });

  it('a 500 answer is retried and a later success returned', async () => {
    let calls = 0;
    const flaky = adapter({
      fetch: async (input, init) => (++calls < 3 ? new Response('{"error":{"code":"INTERNAL_ERROR"}}', { status: 500 }) : fetch(input, init)),
    });
    expect((await flaky.getPerson('P-100001'))?.id).toBe('P-100001');
    expect(calls).toBe(3);
    expect(pauses.length).toBe(2);
  });
});

describe('client-side rate limit', () => {
  it('spaces calls so the registry never sees more than the configured rate', async () => {
    let clock = 0;
    const waits: number[] = [];
    const bucket = createTokenBucket({ ratePerSecond: 2, now: () => clock, sleep: async (ms) => void (waits.push(ms), (clock += ms)) });
    for (let i = 0; i < 6; i++) await bucket.take();
    // Two at once (the burst), then one every 500 ms.
    expect(clock).toBe(2000);
    expect(waits).toEqual([500, 500, 500, 500]);
  });
});
