import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/platform/core/errors';
import type { LimitHeaders } from './charge-rate-limit';
import { errorResponse } from './responses';
import { toApiError } from './to-api-error';

type PlatformRouteOptions = {
  /** The bucket the request is charged to before anything else: there is no tenant, so no tenant's quota. */
  charge: (request: Request) => Promise<LimitHeaders>;
  body: {
    /** The one media type accepted (parameters such as charset aside); anything else is 415. */
    contentType: string;
    /** Beyond this many bytes, declared or sent, the body is refused with 413 before it is used. */
    maxBytes: number;
    /** How the refusals name the body ("A webhook body"), for the sender's log. */
    describedAs: string;
  };
};

export type PlatformRouteInput = {
  request: Request;
  requestId: string;
  /**
   * The body as text, after its content type and size checks: called when the handler needs it, so the handler's
   * own refusals that come first (a feature switched off) answer before the body is judged.
   */
  readBody: () => Promise<string>;
};

function bodyReader(request: Request, body: PlatformRouteOptions['body']): () => Promise<string> {
  return async () => {
    const contentType = request.headers.get('content-type') ?? '';
    if (contentType.split(';')[0]!.trim().toLowerCase() !== body.contentType) {
      throw new DomainError('unsupported_media_type', 'UNSUPPORTED_MEDIA_TYPE', `${body.describedAs} must be sent with Content-Type: ${body.contentType}.`, {
        contentType: contentType.slice(0, 100),
      });
    }
    const tooLarge = () => new DomainError('payload_too_large', 'PAYLOAD_TOO_LARGE', `${body.describedAs} may have at most ${body.maxBytes} bytes.`, { maxBytes: body.maxBytes });
    // The declared length is checked before reading, the real one after (a chunked body declares none).
    if (Number(request.headers.get('content-length') ?? 0) > body.maxBytes) throw tooLarge();
    const text = await request.text();
    if (Buffer.byteLength(text, 'utf8') > body.maxBytes) throw tooLarge();
    return text;
  };
}

/**
 * An endpoint of the platform itself, outside any tenant and without a token (the registry's webhook): rate limit
 * charged to the bucket it names -> handler, which reads the body through the cap when it needs it. Every answer,
 * an unexpected failure included, carries the rate-limit headers spent so far and X-Request-Id; errors leave
 * through the one error envelope.
 */
export function platformRoute(options: PlatformRouteOptions, handler: (input: PlatformRouteInput) => Promise<Response>) {
  return async (request: Request): Promise<Response> => {
    const requestId = randomUUID();
    let limitHeaders: LimitHeaders = {};
    try {
      limitHeaders = await options.charge(request);
      const response = await handler({ request, requestId, readBody: bodyReader(request, options.body) });
      for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
      response.headers.set('X-Request-Id', requestId);
      return response;
    } catch (error) {
      return errorResponse(toApiError(error, requestId), requestId, limitHeaders);
    }
  };
}
