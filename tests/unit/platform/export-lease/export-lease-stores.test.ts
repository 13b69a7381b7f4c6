import { randomUUID } from 'node:crypto';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExportLeaseStore } from '@/lib/platform/export-lease/export-lease-store';
import { createMemoryExportLeaseStore } from '@/lib/platform/export-lease/memory-export-lease-store';
import { createRedisExportLeaseStore } from '@/lib/platform/export-lease/redis-export-lease-store';
import { createIoredisAdapter } from '@/lib/platform/rate-limit';

const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `qm:rl:test:${randomUUID()}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let client: IORedis;
let otherInstance: IORedis;

beforeAll(() => {
  client = new IORedis(redisUrl);
  otherInstance = new IORedis(redisUrl);
});

afterAll(async () => {
  const keys = await client.keys(`${prefix}:*`);
  if (keys.length > 0) await client.del(...keys);
  await Promise.all([client.quit(), otherInstance.quit()]);
});

const stores: [string, () => [ExportLeaseStore, ExportLeaseStore]][] = [
  ['memory', () => { const store = createMemoryExportLeaseStore(); return [store, store]; }],
  // Two clients stand for two app instances sharing one Redis.
  ['redis', () => [createRedisExportLeaseStore(createIoredisAdapter(client), 'redis', prefix), createRedisExportLeaseStore(createIoredisAdapter(otherInstance), 'redis', prefix)]],
];

describe.each(stores)('%s export lease store', (backend, create) => {
  it('admits up to the limit per organisation, across instances, and frees a slot on release', async () => {
    const [one, two] = create();
    const org = randomUUID();
    expect(await one.acquire(org, 'a', 2, 60_000)).toBe(true);
    expect(await two.acquire(org, 'b', 2, 60_000)).toBe(true);
    expect(await one.acquire(org, 'c', 2, 60_000)).toBe(false);
    expect(await two.acquire(randomUUID(), 'd', 2, 60_000)).toBe(true);
    await two.release(org, 'a');
    expect(await one.acquire(org, 'e', 2, 60_000)).toBe(true);
    expect(await two.acquire(org, 'f', 2, 60_000)).toBe(false);
    if (backend === 'redis') expect(await client.zrange(`${prefix}:export-leases:${org}`, 0, -1)).toEqual(expect.arrayContaining(['b', 'e']));
  });

  it('lets a lease that is not renewed lapse, and keeps one that is', async () => {
    const [one, two] = create();
    const org = randomUUID();
    expect(await one.acquire(org, 'kept', 2, 600)).toBe(true);
    expect(await one.acquire(org, 'dropped', 2, 600)).toBe(true);
    await sleep(300);
    await two.renew(org, 'kept', 600);
    await sleep(400);
    expect(await two.acquire(org, 'new', 2, 600)).toBe(true);
    expect(await one.acquire(org, 'refused', 2, 600)).toBe(false);
    await sleep(700);
    // A lapsed lease is not revived by a late renewal, which would push the count over the limit.
    await one.renew(org, 'kept', 600);
    expect(await one.acquire(org, 'after', 2, 600)).toBe(true);
    expect(await one.acquire(org, 'after-2', 2, 600)).toBe(true);
  });
});
