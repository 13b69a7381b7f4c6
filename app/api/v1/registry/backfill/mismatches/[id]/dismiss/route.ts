import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { dismissMismatch } from '@/lib/registry/backfill/mismatches';
import { MismatchIdParams } from '@/lib/registry/backfill/schemas';

// POST /api/v1/registry/backfill/mismatches/{id}/dismiss – keep the local values; the person stays local-only
export const POST = route({ role: 'ADMIN', params: MismatchIdParams }, async ({ tx, ctx, params }) => json({ mismatch: await dismissMismatch(tx, ctx, params), outcome: 'dismissed' }));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
