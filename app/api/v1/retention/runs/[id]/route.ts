import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getRetentionRun } from '@/lib/privacy/retention/list-retention-runs';
import { RetentionRunIdParams } from '@/lib/privacy/retention/schemas';

// GET /api/v1/retention/runs/{id} – one recorded retention run with its counts per kind
export const GET = route({ role: 'ADMIN', params: RetentionRunIdParams }, async ({ tx, ctx, params }) => ok(await getRetentionRun(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
