import { expect } from 'vitest';
import type { ApiResponse } from '../../../support/api';

/**
 * Fixed windows are aligned to the Unix minute. A burst that straddles a boundary would be counted in two
 * windows, so start it only when enough of the current minute is left.
 */
export async function awaitRoomInCurrentMinute(neededMs = 10_000) {
  const left = 60_000 - (Date.now() % 60_000);
  if (left < neededMs) await new Promise((resolve) => setTimeout(resolve, left + 250));
}

export function limitHeaders(response: ApiResponse) {
  return {
    limit: Number(response.headers['x-ratelimit-limit']),
    remaining: Number(response.headers['x-ratelimit-remaining']),
    reset: Number(response.headers['x-ratelimit-reset']),
  };
}

/** The three headers of the spec, integers, with Reset in Unix seconds inside the window that is described. */
export function expectLimitHeaders(response: ApiResponse, limit: number, windowSeconds = 60) {
  for (const name of ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset']) {
    expect(response.headers[name], `${name} on ${response.status}`).toMatch(/^\d+$/);
  }
  const headers = limitHeaders(response);
  const now = Date.now() / 1000;
  expect(headers.limit).toBe(limit);
  expect(headers.remaining).toBeLessThanOrEqual(limit);
  expect(headers.reset).toBeGreaterThan(now - 1);
  expect(headers.reset).toBeLessThanOrEqual(Math.ceil(now) + windowSeconds);
  return headers;
}

/** A 429 that says when to come back: Retry-After in whole seconds within the minute, and the exhausted window. */
export function expectRetryAfter(response: ApiResponse, limit: number) {
  expect(expectLimitHeaders(response, limit).remaining).toBe(0);
  const retryAfter = Number(response.headers['retry-after']);
  expect(Number.isInteger(retryAfter)).toBe(true);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(response.body.error.details).toEqual({ retryAfterSeconds: retryAfter });
  return retryAfter;
}
