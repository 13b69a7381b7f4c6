import { createHash, randomUUID } from 'node:crypto';
import { Ratelimit } from '@upstash/ratelimit';
import type { Redis as UpstashRedis } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createIoredisAdapter, stripLuaShebang } from '@/lib/platform/rate-limit';

const redisUrl = 'redis://127.0.0.1:6379';
const prefix = `qm:rl:test:${randomUUID()}`;
const flaggedScript = '#!lua flags=allow-key-locking\nreturn {KEYS[1], ARGV[1], tonumber(ARGV[2])}';

describe('stripLuaShebang', () => {
  it('drops an allow-key-locking shebang line', () => {
    expect(stripLuaShebang('#!lua flags=allow-key-locking\n  local key = KEYS[1]\n')).toBe('  local key = KEYS[1]\n');
  });

  it('drops a bare #!lua line', () => {
    expect(stripLuaShebang('#!lua\nreturn 1')).toBe('return 1');
  });

  it('leaves scripts without a leading shebang untouched', () => {
    expect(stripLuaShebang('return 1')).toBe('return 1');
    expect(stripLuaShebang('\n#!lua flags=allow-key-locking\nreturn 1')).toBe('\n#!lua flags=allow-key-locking\nreturn 1');
    expect(stripLuaShebang('-- #!lua flags=allow-key-locking\nreturn 1')).toBe('-- #!lua flags=allow-key-locking\nreturn 1');
  });
});

describe('ioredis adapter on stock Redis', () => {
  let client: IORedis;

  beforeAll(() => {
    client = new IORedis(redisUrl);
  });

  afterAll(async () => {
    const keys = await client.keys(`${prefix}:*`);
    if (keys.length > 0) await client.del(...keys);
    await client.quit();
  });

  it('is needed because stock Redis rejects the allow-key-locking flag', async () => {
    await expect(client.eval(flaggedScript, 1, `${prefix}:k`, 'a', 1)).rejects.toThrow(/allow-key-locking/);
  });

  it('runs a flagged script and serves later EVALSHA calls under the hash of the script as written', async () => {
    const adapter = createIoredisAdapter(client);
    const writtenSha = createHash('sha1').update(flaggedScript).digest('hex');

    await expect(adapter.evalsha(writtenSha, [`${prefix}:k`], ['a', 1])).rejects.toThrow(/NOSCRIPT/);
    expect(await adapter.eval(flaggedScript, [`${prefix}:k`], ['a', 1])).toEqual([`${prefix}:k`, 'a', 1]);
    expect(await adapter.evalsha(writtenSha, [`${prefix}:k`], ['b', 2])).toEqual([`${prefix}:k`, 'b', 2]);
  });

  it('lets @upstash/ratelimit fall back to EVAL once, then reuse the loaded script', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2030-03-04T10:00:10Z'));
    const evalSpy = vi.spyOn(client, 'eval');
    const evalshaSpy = vi.spyOn(client, 'evalsha');
    const ratelimit = new Ratelimit({
      redis: createIoredisAdapter(client) as UpstashRedis,
      limiter: Ratelimit.fixedWindow(2, '1 m'),
      prefix,
      ephemeralCache: false,
      enableTelemetry: false,
    });

    const outcomes = [];
    for (let attempt = 0; attempt < 3; attempt += 1) outcomes.push((await ratelimit.limit('org')).success);

    expect(outcomes).toEqual([true, true, false]);
    expect(evalSpy).toHaveBeenCalledTimes(1);
    expect(evalshaSpy).toHaveBeenCalledTimes(3);
    const [script] = evalSpy.mock.calls[0] ?? [];
    expect(String(script).startsWith('#!')).toBe(false);
    evalSpy.mockRestore();
    evalshaSpy.mockRestore();
    vi.useRealTimers();
  });
});
