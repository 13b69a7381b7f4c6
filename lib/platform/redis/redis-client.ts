import { Redis as UpstashRedis } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { getConfig, type Config } from '@/lib/platform/config';

/** Where the shared state lives: Upstash over HTTP, or a Redis server over its own protocol. */
export type RedisConnection = { backend: 'upstash'; client: UpstashRedis } | { backend: 'redis'; client: IORedis };
export type RedisSettings = { upstash?: { url: string; token: string }; redisUrl?: string };

/** The settings the configuration names: Upstash when both its URL and token are set, else REDIS_URL, else none. */
export function redisSettings(config: Pick<Config, 'UPSTASH_REDIS_REST_URL' | 'UPSTASH_REDIS_REST_TOKEN' | 'REDIS_URL'>): RedisSettings {
  return {
    upstash: config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN ? { url: config.UPSTASH_REDIS_REST_URL, token: config.UPSTASH_REDIS_REST_TOKEN } : undefined,
    redisUrl: config.REDIS_URL,
  };
}

/**
 * A new client for the given settings (Upstash first), or null for none. The one place a Redis client is made.
 * A Redis server's client retries a command once, then fails fast while the server is away, so its callers
 * (the rate limiter fails open, export leases fall back to the process's own semaphore) never wait on it.
 */
export function connectRedis(settings: RedisSettings): RedisConnection | null {
  if (settings.upstash) return { backend: 'upstash', client: new UpstashRedis({ ...settings.upstash, enableTelemetry: false }) };
  if (settings.redisUrl) return { backend: 'redis', client: new IORedis(settings.redisUrl, { maxRetriesPerRequest: 1, enableAutoPipelining: true }) };
  return null;
}

/** Ends a connection: a ready Redis client quits after its pending replies, any other is dropped; Upstash holds none. */
export async function closeRedis(connection: RedisConnection): Promise<void> {
  if (connection.backend === 'upstash') return;
  if (connection.client.status === 'ready') {
    await connection.client.quit();
    return;
  }
  connection.client.disconnect();
}

type Shared = { connection?: RedisConnection | null };
const shared = ((globalThis as Record<symbol, Shared>)[Symbol.for('quartermaster.redis')] ??= {});

/** The process's one connection, as the configuration names it (null without one); made on first use. */
export function getRedis(): RedisConnection | null {
  if (shared.connection === undefined) {
    shared.connection = connectRedis(redisSettings(getConfig()));
    // Connection errors surface as failed commands, which every user handles; without a listener ioredis
    // would also print each one as an unhandled error event.
    if (shared.connection?.backend === 'redis') shared.connection.client.on('error', () => {});
  }
  return shared.connection;
}
