import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getDataExport } from '@/lib/privacy/data-export/get-data-export';
import { DataExportIdParams } from '@/lib/privacy/data-export/schemas';

// GET /api/v1/data-export/{id} – status and progress of one of the caller's exports
export const GET = route({ role: 'EMPLOYEE', params: DataExportIdParams }, async ({ tx, ctx, params }) => ok(await getDataExport(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
