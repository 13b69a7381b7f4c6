import { forbidden, notFound } from 'next/navigation';
import { DomainError } from '@/lib/platform/core/errors';

/**
 * A lib refusal as a page: a missing duty shows the 403 page, a record the reader may not see (the lib answers
 * 404 for it, so ids do not leak) the 404 page. Anything else is a real failure and stays one.
 */
export function refuseAsPage(error: unknown): never {
  if (error instanceof DomainError && error.kind === 'forbidden') forbidden();
  if (error instanceof DomainError && (error.kind === 'not_found' || error.kind === 'validation')) notFound();
  throw error;
}
