import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { createIoredisAdapter, createRateLimiter } from '@/lib/platform/rate-limit';

const redisUrl = 'redis://127.0.0.1:6379';
const prefix = `qm:rl:test:${randomUUID()}`;
const token = `token-${randomUUID()}`;
const freeLimits = { perMinute: 60, perDay: 10_000 };

type Command = [string, ...(string | number)[]];
type FakeMode = 'ok' | 'fail' | 'hang';

// A loopback stand-in for the Upstash REST API (single commands and pipelines), backed by the local Redis.
// Like Upstash, it accepts the scripts' allow-key-locking shebang; the ioredis adapter makes that work.
function startFakeUpstash(client: IORedis) {
  const adapter = createIoredisAdapter(client);
  const seen: { path: string; headers: IncomingHttpHeaders }[] = [];
  let mode: FakeMode = 'ok';

  async function run([name, ...args]: Command): Promise<{ result?: unknown; error?: string }> {
    try {
      const [target = '', count = 0, ...rest] = args;
      const keys = rest.slice(0, Number(count)).map(String);
      const values = rest.slice(Number(count));
      if (name.toLowerCase() === 'eval') return { result: await adapter.eval(String(target), keys, values) };
      if (name.toLowerCase() === 'evalsha') return { result: await adapter.evalsha(String(target), keys, values) };
      return { result: await client.call(name, ...args) };
    } catch (error) {
      return { error: error instanceof Error ? error.message : String(error) };
    }
  }

  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', async () => {
      seen.push({ path: request.url ?? '', headers: request.headers });
      if (mode === 'hang') return;
      if (mode === 'fail') {
        response.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'ERR server down' }));
        return;
      }
      const payload = JSON.parse(body) as Command | Command[];
      const isPipeline = request.url === '/pipeline';
      const result = isPipeline ? await Promise.all((payload as Command[]).map(run)) : await run(payload as Command);
      response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    });
  });

  return {
    seen,
    setMode: (next: FakeMode) => (mode = next),
    listen: () => new Promise<string>((resolve) => server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`))),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

describe('Upstash rate limiter', () => {
  let admin: IORedis;
  let fake: ReturnType<typeof startFakeUpstash>;
  let url: string;

  beforeAll(async () => {
    admin = new IORedis(redisUrl);
    fake = startFakeUpstash(admin);
    url = await fake.listen();
  });

  beforeEach(() => {
    fake.setMode('ok');
    fake.seen.length = 0;
  });

  afterAll(async () => {
    await fake.close();
    const keys = await admin.keys(`${prefix}:*`);
    if (keys.length > 0) await admin.del(...keys);
    await admin.quit();
  });

  it('takes precedence over a Redis URL', async () => {
    const limiter = createRateLimiter({ upstash: { url, token }, redisUrl, prefix });
    expect(limiter.backend).toBe('upstash');
    await limiter.close();
  });

  it('admits exactly the per-minute limit and only talks to the store, without telemetry', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T10:00:10Z'));
    const limiter = createRateLimiter({ upstash: { url, token }, prefix });
    const organisationId = randomUUID();
    try {
      const results = await Promise.all(Array.from({ length: 200 }, () => limiter.check(organisationId, freeLimits)));
      expect(results.filter((result) => result.success)).toHaveLength(60);
      expect(results.find((result) => !result.success)).toMatchObject({ limit: 60, remaining: 0, retryAfter: 50 });
      expect(await admin.get(`${prefix}:minute:${organisationId}:${Math.floor(Date.now() / 60_000)}`)).toBe('200');
      expect(fake.seen.length).toBeGreaterThan(0);
      for (const { path, headers } of fake.seen) {
        expect(['/', '/pipeline']).toContain(path);
        expect(headers.authorization).toBe(`Bearer ${token}`);
        expect(Object.keys(headers).filter((name) => name.startsWith('upstash-telemetry'))).toEqual([]);
      }
    } finally {
      vi.useRealTimers();
      await limiter.close();
    }
  });

  it('admits requests and logs once when the store answers with errors', async () => {
    fake.setMode('fail');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const limiter = createRateLimiter({ upstash: { url, token }, prefix });
    try {
      for (let attempt = 0; attempt < 2; attempt += 1) {
        expect(await limiter.check(randomUUID(), freeLimits)).toMatchObject({ success: true, limit: 60, retryAfter: 0 });
      }
      expect(consoleError).toHaveBeenCalledTimes(1);
      expect(String(consoleError.mock.calls[0])).not.toContain(token);
    } finally {
      consoleError.mockRestore();
      await limiter.close();
    }
  });

  it('admits a request when the store does not answer in time', async () => {
    fake.setMode('hang');
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const limiter = createRateLimiter({ upstash: { url, token }, prefix });
    try {
      const startedAt = Date.now();
      expect(await limiter.check(randomUUID(), freeLimits)).toMatchObject({ success: true, retryAfter: 0 });
      expect(Date.now() - startedAt).toBeLessThan(2_000);
      expect(String(consoleError.mock.calls[0])).toContain('did not answer');
    } finally {
      consoleError.mockRestore();
      await limiter.close();
    }
  });
});
