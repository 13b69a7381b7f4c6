import { ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { MaintenanceEntryParams, UpdateMaintenanceBody } from '@/lib/maintenance/schemas';
import { updateMaintenance } from '@/lib/maintenance/update-maintenance';

// PATCH /api/v1/assets/{id}/maintenance/{entryId} – change a maintenance entry (e.g. mark it done with its cost)
export const PATCH = route({ role: 'ASSET_MANAGER', params: MaintenanceEntryParams, body: UpdateMaintenanceBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateMaintenance(tx, ctx, params.id, params.entryId, body)),
);

export const GET = methodNotAllowed(['PATCH']);
export const PUT = methodNotAllowed(['PATCH']);
export const POST = methodNotAllowed(['PATCH']);
export const DELETE = methodNotAllowed(['PATCH']);
