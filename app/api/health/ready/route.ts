// GET /api/health/ready – readiness for the load balancer
import { randomUUID } from 'node:crypto';
import { DomainError } from '@/lib/platform/core/errors';
import { checkReadiness } from '@/lib/platform/health/check-readiness';
import { errorResponse, json } from '@/lib/transport/http/responses';
import { served } from '@/lib/transport/operations/operation';
import * as health from '@/lib/transport/operations/platform/health';

export const dynamic = 'force-dynamic';

export const GET = served(health.getReadiness, async (): Promise<Response> => {
  try {
    return json(await checkReadiness());
  } catch (error) {
    if (error instanceof DomainError) return errorResponse(error, randomUUID());
    throw error;
  }
});
