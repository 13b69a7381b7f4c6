import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { MaintenanceEntryParams, UpdateMaintenanceBody } from '@/lib/lending/maintenance/schemas';
import { updateMaintenance } from '@/lib/lending/maintenance/update-maintenance';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // PATCH /api/v1/assets/{id}/maintenance/{entryId} – change a maintenance entry (e.g. mark it done with its cost)
  PATCH: route({ role: 'ASSET_MANAGER', params: MaintenanceEntryParams, body: UpdateMaintenanceBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateMaintenance(tx, ctx, params.id, params.entryId, body)),
  ),
});
