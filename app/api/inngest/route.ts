// GET, POST, PUT /api/inngest – the Inngest serve endpoint: registration and step execution of the jobs
import { randomUUID } from 'node:crypto';
import { serve } from 'inngest/next';
import type { NextRequest } from 'next/server';
import { inngest } from '@/inngest/client';
import { inngestFunctions } from '@/inngest/functions';
import { NotFoundError } from '@/lib/platform/core/errors';
import { errorResponse } from '@/lib/transport/http/responses';
import { getConfig } from '@/lib/platform/config';

export const dynamic = 'force-dynamic';

const handlers = serve({ client: inngest, functions: inngestFunctions });

// Without a signing key (or a local dev server) Inngest cannot call in and the in-process driver runs the
// jobs, so the endpoint answers like any unknown path instead of with the SDK's configuration error.
function handle(method: 'GET' | 'POST' | 'PUT') {
  return async (request: NextRequest, context: unknown): Promise<Response> => {
    const { INNGEST_SIGNING_KEY, INNGEST_DEV } = getConfig();
    if (INNGEST_SIGNING_KEY || INNGEST_DEV) return handlers[method](request, context);
    const path = new URL(request.url).pathname;
    return errorResponse(new NotFoundError('ENDPOINT_NOT_FOUND', 'There is no API endpoint at this path.', { path }), randomUUID());
  };
}

export const GET = handle('GET');
export const POST = handle('POST');
export const PUT = handle('PUT');
