import {
  selectTighterWindow,
  toRateLimitResult,
  windowDurationsMs,
  type RateLimiter,
  type WindowName,
  type WindowOutcome,
} from './rate-limiter';

type Counter = { bucket: number; count: number };

// Single-process fixed windows for the embedded mode. Counting mirrors the Redis backend exactly: every
// attempt counts in the minute window, only attempts the minute window admitted count in the day window.
export function createMemoryRateLimiter(): RateLimiter {
  const counters = new Map<string, Counter>();

  function consume(window: WindowName, organisationId: string, limit: number, nowMs: number): WindowOutcome {
    const duration = windowDurationsMs[window];
    const bucket = Math.floor(nowMs / duration);
    const key = `${window}:${organisationId}`;
    const previous = counters.get(key);
    const count = previous?.bucket === bucket ? previous.count + 1 : 1;
    counters.set(key, { bucket, count });
    return { success: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: (bucket + 1) * duration };
  }

  return {
    backend: 'memory',
    async check(organisationId, limits) {
      const nowMs = Date.now();
      const minute = consume('minute', organisationId, limits.perMinute, nowMs);
      if (!minute.success) return toRateLimitResult(minute, nowMs);
      const day = consume('day', organisationId, limits.perDay, nowMs);
      if (!day.success) return toRateLimitResult(day, nowMs);
      return toRateLimitResult(selectTighterWindow(minute, day), nowMs);
    },
    async close() {
      counters.clear();
    },
  };
}
