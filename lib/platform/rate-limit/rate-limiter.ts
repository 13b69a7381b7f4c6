import type { RateLimits } from './tiers';

export type RateLimitBackend = 'upstash' | 'redis' | 'memory';

export type RateLimitResult = {
  success: boolean;
  limit: number;
  remaining: number;
  /** Unix epoch seconds at which the reported window resets. */
  reset: number;
  /** Seconds to wait before retrying: at least 1 on a denial, 0 on success. */
  retryAfter: number;
};

export type RateLimiter = {
  backend: RateLimitBackend;
  /** Counts one request against the bucket: an organisation's id, or a client's (lib/transport/http/charge-rate-limit.ts). */
  check(bucket: string, limits: RateLimits): Promise<RateLimitResult>;
  close(): Promise<void>;
};

export type WindowName = 'minute' | 'day';

// Fixed windows aligned to the Unix epoch, as @upstash/ratelimit's fixedWindow computes them.
export const windowDurationsMs: Record<WindowName, number> = { minute: 60_000, day: 86_400_000 };

export type WindowOutcome = { success: boolean; limit: number; remaining: number; resetMs: number };

export function toRateLimitResult(outcome: WindowOutcome, nowMs: number): RateLimitResult {
  return {
    success: outcome.success,
    limit: outcome.limit,
    remaining: outcome.remaining,
    reset: Math.ceil(outcome.resetMs / 1000),
    retryAfter: outcome.success ? 0 : Math.max(1, Math.ceil((outcome.resetMs - nowMs) / 1000)),
  };
}

// When both windows admit a request the headers describe the one closer to exhaustion (DESIGN.md).
export function selectTighterWindow(minute: WindowOutcome, day: WindowOutcome): WindowOutcome {
  return day.remaining < minute.remaining ? day : minute;
}

export function currentWindowResetMs(window: WindowName, nowMs: number): number {
  const duration = windowDurationsMs[window];
  return (Math.floor(nowMs / duration) + 1) * duration;
}
