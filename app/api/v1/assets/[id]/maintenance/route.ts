import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { addMaintenance } from '@/lib/lending/maintenance/add-maintenance';
import { listMaintenance } from '@/lib/lending/maintenance/list-maintenance';
import * as maintenance from '@/lib/transport/operations/lending/maintenance';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(maintenance.listAssetMaintenance, async ({ tx, ctx, params }) => {
    await findAssetRow(tx, ctx, params.id);
    return ok(await listMaintenance(tx, ctx, params.id));
  }),

  POST: route(maintenance.addAssetMaintenance, async ({ tx, ctx, params, body }) => {
    const entry = await addMaintenance(tx, ctx, params.id, body);
    return created(entry, `/api/v1/assets/${params.id}/maintenance/${entry.id}`);
  }),
});
