import { ConflictError, DomainError } from '@/lib/platform/core/errors';

export type KeyReuse = 'different_path' | 'different_body';

/** The key was first used for another request: the stored answer belongs to that one, and nothing ran. */
export const idempotencyKeyReused = (reason: KeyReuse) =>
  new DomainError(
    'unprocessable',
    'IDEMPOTENCY_KEY_REUSED',
    reason === 'different_path'
      ? 'This Idempotency-Key was used with another endpoint in the last 24 hours. Use a new key for a new request.'
      : 'This Idempotency-Key was used with a different request body in the last 24 hours. Use a new key for a new request.',
    { reason },
  );

/** A request with the same key is still running (longer than a duplicate waits for it): nothing ran. */
export const idempotencyKeyInUse = (waitedSeconds: number) =>
  new ConflictError('IDEMPOTENCY_KEY_IN_USE', 'A request with this Idempotency-Key is still being processed. Retry later to receive its result.', { waitedSeconds });
