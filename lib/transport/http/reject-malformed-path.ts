import { ValidationError } from '@/lib/platform/core/errors';
import { errorResponse } from './responses';

/**
 * An /api path that is not valid percent-encoding (`/api/v1/assets/%ZZ`) fails in Next.js's own parameter
 * decoding, which answers a plain-text 500. proxy.ts runs before routing, so it answers such a path here, in
 * the error envelope (issue 11, finding 5). Before tenant and token, so without rate-limit headers.
 */
export function rejectMalformedApiPath(pathname: string): Response | null {
  if (!pathname.startsWith('/api/')) return null;
  try {
    decodeURIComponent(pathname);
    return null;
  } catch {
    const error = new ValidationError('The request path is not valid percent-encoding.', { location: 'path', reason: 'malformed_path' });
    return errorResponse(error, crypto.randomUUID());
  }
}
