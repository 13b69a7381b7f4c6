import {
  selectTighterWindow,
  toRateLimitResult,
  windowDurationsMs,
  type RateLimiter,
  type WindowName,
  type WindowOutcome,
} from './rate-limiter';

type Counter = { window: WindowName; bucket: number; count: number };

// Single-process fixed windows for the embedded mode. Counting mirrors the Redis backend exactly: every
// attempt counts in the minute window, only attempts the minute window admitted count in the day window.
export function createMemoryRateLimiter(): RateLimiter {
  const counters = new Map<string, Counter>();
  let sweptMinute = 0;

  // Client buckets (one per address) come and go; forget counters of windows that have ended, once a minute.
  function sweep(nowMs: number) {
    const minute = Math.floor(nowMs / windowDurationsMs.minute);
    if (minute === sweptMinute) return;
    sweptMinute = minute;
    for (const [key, counter] of counters) {
      if (counter.bucket < Math.floor(nowMs / windowDurationsMs[counter.window])) counters.delete(key);
    }
  }

  function consume(window: WindowName, bucketKey: string, limit: number, nowMs: number): WindowOutcome {
    const duration = windowDurationsMs[window];
    const bucket = Math.floor(nowMs / duration);
    const key = `${window}:${bucketKey}`;
    const previous = counters.get(key);
    const count = previous?.bucket === bucket ? previous.count + 1 : 1;
    counters.set(key, { window, bucket, count });
    return { success: count <= limit, limit, remaining: Math.max(0, limit - count), resetMs: (bucket + 1) * duration };
  }

  return {
    backend: 'memory',
    async check(bucketKey, limits) {
      const nowMs = Date.now();
      sweep(nowMs);
      const minute = consume('minute', bucketKey, limits.perMinute, nowMs);
      if (!minute.success) return toRateLimitResult(minute, nowMs);
      const day = consume('day', bucketKey, limits.perDay, nowMs);
      if (!day.success) return toRateLimitResult(day, nowMs);
      return toRateLimitResult(selectTighterWindow(minute, day), nowMs);
    },
    async close() {
      counters.clear();
    },
  };
}
