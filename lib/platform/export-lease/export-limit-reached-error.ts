import { ApiError } from '@/lib/platform/core/errors';

export class ExportLimitReachedError extends ApiError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      429,
      'EXPORT_LIMIT_REACHED',
      `This organisation already has ${limit} exports running; retry when one has finished (after the time given in Retry-After).`,
      { limit, retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}
