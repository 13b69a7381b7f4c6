import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { addMaintenance } from '@/lib/lending/maintenance/add-maintenance';
import { listMaintenance } from '@/lib/lending/maintenance/list-maintenance';
import { CreateMaintenanceBody } from '@/lib/lending/maintenance/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets/{id}/maintenance – repairs, services and inspections of one asset, with the total cost
  GET: route({ role: 'EMPLOYEE', params: AssetIdParams }, async ({ tx, ctx, params }) => {
    await findAssetRow(tx, ctx, params.id);
    return ok(await listMaintenance(tx, ctx, params.id));
  }),

  // POST /api/v1/assets/{id}/maintenance – record a planned or done maintenance entry
  POST: route({ role: 'ASSET_MANAGER', params: AssetIdParams, body: CreateMaintenanceBody }, async ({ tx, ctx, params, body }) => {
    const entry = await addMaintenance(tx, ctx, params.id, body);
    return created(entry, `/api/v1/assets/${params.id}/maintenance/${entry.id}`);
  }),
});
