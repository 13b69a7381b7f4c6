import { randomUUID } from 'node:crypto';
import { NotFoundError } from '@/lib/core/errors';
import { errorResponse } from '@/lib/api/responses';

// Any /api path without a route of its own: integrators get the JSON envelope, not an HTML page.
async function unknownEndpoint(request: Request): Promise<Response> {
  const path = new URL(request.url).pathname;
  return errorResponse(new NotFoundError('ENDPOINT_NOT_FOUND', 'There is no API endpoint at this path.', { path }), randomUUID());
}

export const GET = unknownEndpoint;
export const POST = unknownEndpoint;
export const PUT = unknownEndpoint;
export const PATCH = unknownEndpoint;
export const DELETE = unknownEndpoint;
