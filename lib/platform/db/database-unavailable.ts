import { DomainError } from '@/lib/platform/core/errors';
import { sqlState } from './sql-state';

// What the driver or the server says when the database is away for a moment: a failover or switchover in progress
// (a demoted primary refuses writes with 25006, a node shutting down ends sessions with 57P01, a starting one
// refuses with 57P03), a connection lost (class 08), or postgres.js's own connection errors.
const unavailableStates = new Set(['25006', '57P01', '57P02', '57P03']);
const driverCodes = new Set(['CONNECTION_CLOSED', 'CONNECTION_ENDED', 'CONNECTION_DESTROYED', 'CONNECT_TIMEOUT', 'ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT']);

/** Whether an error means the database could not be reached or is switching primaries, not that the request was wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return unavailableStates.has(state) || state.startsWith('08');
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && driverCodes.has(code)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The answer to a request that met the database away: 503 with Retry-After, never a 500. */
export const databaseUnavailable = () =>
  new DomainError('unavailable', 'DATABASE_UNAVAILABLE', 'The database cannot be reached for a moment, for example while a standby takes over. Try again in a few seconds.', {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
  });
