import { ZodError } from 'zod';
import { ConflictError, DomainError, ValidationError } from '@/lib/platform/core/errors';
import { databaseUnavailable, isDatabaseUnavailable } from '@/lib/platform/db/database-unavailable';
import { sqlState } from '@/lib/platform/db/sql-state';
import { zodIssueDetails } from './zod-issues';

class InternalError extends DomainError {
  constructor(requestId: string) {
    super('internal', 'INTERNAL_ERROR', 'An unexpected error occurred.', { requestId });
  }
}

/**
 * The single mapping from anything thrown to the error the envelope answers with (DESIGN.md invariant 7); its HTTP
 * status and headers follow from its kind (http-of-error.ts).
 */
export function toApiError(error: unknown, requestId: string): DomainError {
  if (error instanceof DomainError) return error;
  if (error instanceof ZodError) return new ValidationError('The request is invalid.', { issues: zodIssueDetails(error) });
  const state = sqlState(error);
  if (state === '23505') return new ConflictError('CONFLICT', 'The change conflicts with an existing record.');
  if (state === '23503') return new ConflictError('REFERENCE_CONFLICT', 'The change refers to or is referred to by another record.');
  // 22008/22009: a date-time PostgreSQL cannot hold or parse (calendarInstant keeps them out; this is the net).
  if (state === '22P02' || state === '22007' || state === '22008' || state === '22009' || state === '22003' || state === '22021' || state === '22P05') {
    return new ValidationError('A value has an invalid format.', { reason: 'invalid_format' });
  }
  // A failover or a lost connection: the request may succeed in a few seconds (an Idempotency-Key makes a retried
  // write safe), so it is not answered as a defect.
  if (isDatabaseUnavailable(error)) {
    console.error(`[quartermaster] database unavailable request=${requestId}: ${state ?? (error as { code?: string }).code ?? 'connection error'}`);
    return databaseUnavailable();
  }
  // Logged without the request body or headers: they can carry tokens and personal data.
  console.error(`[quartermaster] unhandled error request=${requestId}`, error);
  return new InternalError(requestId);
}
