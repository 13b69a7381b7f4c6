import { DomainError } from '@/lib/platform/core/errors';

export class ExportLimitReachedError extends DomainError {
  constructor(limit: number, retryAfterSeconds: number) {
    super(
      'rate_limited',
      'EXPORT_LIMIT_REACHED',
      `This organisation already has ${limit} exports running; retry when one has finished (after the time given in Retry-After).`,
      { limit, retryAfterSeconds },
    );
  }
}
