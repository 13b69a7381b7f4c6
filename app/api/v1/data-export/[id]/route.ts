import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { getDataExport } from '@/lib/data-export/get-data-export';
import { DataExportIdParams } from '@/lib/data-export/schemas';

// GET /api/v1/data-export/{id} – status and progress of one of the caller's exports
export const GET = route({ role: 'EMPLOYEE', params: DataExportIdParams }, async ({ tx, ctx, params }) => ok(await getDataExport(tx, ctx, params.id)));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
