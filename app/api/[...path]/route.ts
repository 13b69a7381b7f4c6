import { randomUUID } from 'node:crypto';
import { chargeClient, type LimitHeaders } from '@/lib/transport/http/charge-rate-limit';
import { findRequestTenant } from '@/lib/transport/http/resolve-request-tenant';
import { NotFoundError } from '@/lib/platform/core/errors';
import { errorResponse } from '@/lib/transport/http/responses';
import { toApiError } from '@/lib/transport/http/to-api-error';

// Any /api path without a route of its own: integrators get the JSON envelope, not an HTML page. Like every
// answer that never looks at a token it is charged to the client's bucket: at the tenant served at this
// address, or the client's alone when there is none.
async function unknownEndpoint(request: Request): Promise<Response> {
  const requestId = randomUUID();
  let limitHeaders: LimitHeaders = {};
  try {
    limitHeaders = await chargeClient(request, (await findRequestTenant(request))?.id ?? null);
    throw new NotFoundError('ENDPOINT_NOT_FOUND', 'There is no API endpoint at this path.', { path: new URL(request.url).pathname });
  } catch (error) {
    return errorResponse(toApiError(error, requestId), requestId, limitHeaders);
  }
}

export const GET = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
