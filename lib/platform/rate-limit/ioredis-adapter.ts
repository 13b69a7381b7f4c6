import { createHash } from 'node:crypto';
import type { Redis as UpstashRedis } from '@upstash/redis';
import type { Redis as IORedis } from 'ioredis';

// At runtime @upstash/ratelimit's fixed-window limiter only calls evalsha, falling back to eval on NOSCRIPT.
export type RatelimitRedis = Pick<UpstashRedis, 'eval' | 'evalsha'>;

type ScriptClient = Pick<IORedis, 'eval' | 'evalsha'>;

// @upstash/ratelimit >= 2.1 starts its scripts with `#!lua flags=allow-key-locking`, an Upstash-only flag that
// stock Redis rejects in EVAL and SCRIPT LOAD. Without the shebang Redis runs the script with its
// default semantics, which is what the flag only optimises.
const luaShebang = /^#!lua[^\n]*\n/;

export function stripLuaShebang(script: string): string {
  return script.replace(luaShebang, '');
}

export function createIoredisAdapter(client: ScriptClient): RatelimitRedis {
  // The library calls EVALSHA with the SHA-1 of the script as written (shebang included); Redis caches the
  // stripped script under a different SHA-1, so remember the mapping learnt on each EVAL fallback.
  const loadedShas = new Map<string, string>();

  return {
    async eval<TArgs extends unknown[], TData = unknown>(script: string, keys: string[], args: TArgs) {
      const runnable = stripLuaShebang(script);
      if (runnable !== script) loadedShas.set(sha1(script), sha1(runnable));
      return (await client.eval(runnable, keys.length, ...keys, ...args.map(toRedisArg))) as TData;
    },
    async evalsha<TArgs extends unknown[], TData = unknown>(sha: string, keys: string[], args: TArgs) {
      const loadedSha = loadedShas.get(sha) ?? sha;
      return (await client.evalsha(loadedSha, keys.length, ...keys, ...args.map(toRedisArg))) as TData;
    },
  };
}

function sha1(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}

function toRedisArg(value: unknown): string | number {
  return typeof value === 'string' || typeof value === 'number' ? value : JSON.stringify(value ?? null);
}
