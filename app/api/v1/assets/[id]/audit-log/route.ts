import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { findAssetRow } from '@/lib/lending/assets/get-asset';
import { listAuditEntries } from '@/lib/privacy/audit-log/list-audit-entries';
import * as auditLog from '@/lib/transport/operations/privacy/audit-log';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(auditLog.listAssetAuditLog, async ({ tx, ctx, params, query }) => {
    await findAssetRow(tx, ctx, params.id);
    return ok(await listAuditEntries(tx, ctx, { ...query, assetId: params.id }));
  }),
});
