import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { MaintenanceEntryParams, UpdateMaintenanceBody } from '@/lib/lending/maintenance/schemas';
import { updateMaintenance } from '@/lib/lending/maintenance/update-maintenance';

// PATCH /api/v1/assets/{id}/maintenance/{entryId} – change a maintenance entry (e.g. mark it done with its cost)
export const PATCH = route({ role: 'ASSET_MANAGER', params: MaintenanceEntryParams, body: UpdateMaintenanceBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateMaintenance(tx, ctx, params.id, params.entryId, body)),
);

export const GET = methodNotAllowed(['PATCH']);
export const PUT = methodNotAllowed(['PATCH']);
export const POST = methodNotAllowed(['PATCH']);
export const DELETE = methodNotAllowed(['PATCH']);
