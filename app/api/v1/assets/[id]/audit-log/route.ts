import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import { AssetAuditLogQuery } from '@/lib/platform/audit/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/assets/{id}/audit-log – every recorded change of one asset, newest first
  GET: route({ role: 'ASSET_MANAGER', params: AssetIdParams, query: AssetAuditLogQuery }, async ({ tx, ctx, params, query }) => {
    await findAssetRow(tx, ctx, params.id);
    return ok(await listAuditEntries(tx, ctx, { ...query, assetId: params.id }));
  }),
});
