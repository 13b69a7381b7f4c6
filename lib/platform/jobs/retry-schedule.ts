/**
 * When to try again after a failure, the one place the retry schedules are computed (issue 24, item 3).
 * `failedAttempts` counts the attempts made so far, all failed: 1 after the first failure. Values below 1
 * count as 1.
 */

/** Exponential: `firstDelayMs` after the first failure, doubling after each further one, never above `maxDelayMs`. */
export function exponentialRetryDelayMs(schedule: { firstDelayMs: number; maxDelayMs: number }, failedAttempts: number): number {
  return Math.min(schedule.maxDelayMs, schedule.firstDelayMs * 2 ** Math.max(failedAttempts - 1, 0));
}

/** Stepped: the n-th delay of the list after the n-th failure; past the end of the list, its last delay. */
export function steppedRetryDelayMs(delaysMs: readonly number[], failedAttempts: number): number {
  return delaysMs[Math.min(Math.max(failedAttempts, 1), delaysMs.length) - 1]!;
}
