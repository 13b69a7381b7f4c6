import { Ratelimit, type Duration } from '@upstash/ratelimit';
import type { Redis as UpstashRedis } from '@upstash/redis';
import { closeRedis, connectRedis, type RedisConnection, type RedisSettings } from '@/lib/platform/redis/redis-client';
import { createIoredisAdapter, type RatelimitRedis } from './ioredis-adapter';
import { createMemoryRateLimiter } from './memory-rate-limiter';
import {
  currentWindowResetMs,
  selectTighterWindow,
  toRateLimitResult,
  type RateLimitBackend,
  type RateLimiter,
  type RateLimitResult,
  type WindowName,
  type WindowOutcome,
} from './rate-limiter';
import type { RateLimits } from './tiers';

/**
 * Either the settings for a client of its own, which close() ends, or a `connection` someone else owns
 * (the process's shared one; null for none), which close() leaves open.
 */
export type CreateRateLimiterOptions = RedisSettings & {
  connection?: RedisConnection | null;
  prefix?: string;
};

type StoreRateLimiterConfig = {
  backend: Exclude<RateLimitBackend, 'memory'>;
  redis: RatelimitRedis;
  prefix: string;
  reportFailure: (error: unknown) => void;
  isConnectionLost: () => boolean;
  close: () => Promise<void>;
};

const defaultPrefix = 'qm:rl';
const storeTimeoutMs = 1_000;
const failureLogIntervalMs = 60_000;
const windowDurations: Record<WindowName, Duration> = { minute: '1 m', day: '1 d' };

export function createRateLimiter(options: CreateRateLimiterOptions = {}): RateLimiter {
  const prefix = options.prefix ?? defaultPrefix;
  const owned = options.connection === undefined;
  const connection = owned ? connectRedis(options) : options.connection;
  if (connection?.backend === 'upstash') {
    const reportFailure = createFailureReporter('upstash');
    return createStoreRateLimiter({
      backend: 'upstash',
      redis: connection.client,
      prefix,
      reportFailure,
      isConnectionLost: () => false,
      close: async () => {},
    });
  }
  if (connection?.backend === 'redis') {
    // The client retries once, then queued commands fail fast so an outage turns into fail-open instead of piling up.
    const client = connection.client;
    const reportFailure = createFailureReporter('redis');
    client.on('error', reportFailure);
    return createStoreRateLimiter({
      backend: 'redis',
      redis: createIoredisAdapter(client),
      prefix,
      reportFailure,
      // While ioredis reconnects, skip the store instead of making every request wait for the timeout.
      isConnectionLost: () => ['close', 'reconnecting', 'end'].includes(client.status),
      close: owned ? () => closeRedis(connection) : async () => {},
    });
  }
  return createMemoryRateLimiter();
}

// Fail-open: an unreachable store must not take the whole API down, and rate limits protect capacity rather
// than data, so while the store is unavailable every request is admitted and reported against a full
// minute window. The failure is logged at most once a minute per limiter.
function createStoreRateLimiter(config: StoreRateLimiterConfig): RateLimiter {
  const ratelimits = new Map<string, Ratelimit>();

  function ratelimitFor(window: WindowName, limit: number): Ratelimit {
    const cacheKey = `${window}:${limit}`;
    const cached = ratelimits.get(cacheKey);
    if (cached) return cached;
    const ratelimit = new Ratelimit({
      // Its declared type also lists get/set, which only dynamic limits (disabled here) call.
      redis: config.redis as UpstashRedis,
      limiter: Ratelimit.fixedWindow(limit, windowDurations[window]),
      prefix: `${config.prefix}:${window}`,
      timeout: storeTimeoutMs,
      analytics: false,
      enableProtection: false,
      enableTelemetry: false,
      dynamicLimits: false,
      // Every decision comes from Redis. The library's in-process block list would save a round trip per
      // denied attempt, but it still blocks during the reset millisecond, which Redis has already opened.
      ephemeralCache: false,
    });
    ratelimits.set(cacheKey, ratelimit);
    return ratelimit;
  }

  async function consume(window: WindowName, bucket: string, limit: number): Promise<WindowOutcome> {
    const response = await ratelimitFor(window, limit).limit(bucket);
    if (response.reason === 'timeout') {
      throw new Error(`rate limit store did not answer within ${storeTimeoutMs} ms`);
    }
    return { success: response.success, limit: response.limit, remaining: response.remaining, resetMs: response.reset };
  }

  return {
    backend: config.backend,
    async check(bucket, limits) {
      if (config.isConnectionLost()) return admitWithoutStore(limits, Date.now());
      try {
        // The day window is consulted only for attempts the minute window admits, so a burst of denied
        // attempts does not burn the organisation's daily quota.
        const minute = await consume('minute', bucket, limits.perMinute);
        if (!minute.success) return toRateLimitResult(minute, Date.now());
        const day = await consume('day', bucket, limits.perDay);
        if (!day.success) return toRateLimitResult(day, Date.now());
        return toRateLimitResult(selectTighterWindow(minute, day), Date.now());
      } catch (error) {
        config.reportFailure(error);
        return admitWithoutStore(limits, Date.now());
      }
    },
    close: config.close,
  };
}

function admitWithoutStore(limits: RateLimits, nowMs: number): RateLimitResult {
  const resetMs = currentWindowResetMs('minute', nowMs);
  return toRateLimitResult({ success: true, limit: limits.perMinute, remaining: limits.perMinute, resetMs }, nowMs);
}

function createFailureReporter(backend: RateLimitBackend): (error: unknown) => void {
  let lastLoggedAt = Number.NEGATIVE_INFINITY;
  return (error) => {
    const now = Date.now();
    if (now - lastLoggedAt < failureLogIntervalMs) return;
    lastLoggedAt = now;
    console.error(`[rate-limit] ${backend} store unavailable, admitting requests: ${describeError(error)}`);
  };
}

// Error texts can echo a connection string; credentials in one must never reach the logs.
function describeError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.replace(/\/\/[^\s/@]*@/g, '//***@');
}
