import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { updateMaintenance } from '@/lib/lending/maintenance/update-maintenance';
import * as maintenance from '@/lib/transport/operations/lending/maintenance';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  PATCH: route(maintenance.updateAssetMaintenance, async ({ tx, ctx, params, body }) =>
    ok(await updateMaintenance(tx, ctx, params.id, params.entryId, body)),
  ),
});
