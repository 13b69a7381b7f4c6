import { json } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { acceptRegistryValues } from '@/lib/registry/backfill/mismatches';
import { MismatchIdParams } from '@/lib/registry/backfill/schemas';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';

// POST /api/v1/registry/backfill/mismatches/{id}/accept-registry – take the registry's values (merged, audited)
export const POST = route({ role: 'ADMIN', params: MismatchIdParams }, async ({ tx, ctx, params }) => json(await acceptRegistryValues(tx, ctx, { id: params.id, registry: getRegistryAdapter() })));

export const GET = methodNotAllowed(['POST']);
export const PUT = methodNotAllowed(['POST']);
export const PATCH = methodNotAllowed(['POST']);
export const DELETE = methodNotAllowed(['POST']);
