import { count } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets } from '@/db/schema';
import type { RequestContext } from '@/lib/api/context';
import { recordAudit } from '@/lib/audit/record-audit';
import { buildAssetFilter } from './build-asset-filter';
import { type ExportCustomField, listExportCustomFields } from './list-export-custom-fields';
import type { AssetFilter, ExportFormat } from './schemas';

export type AssetsExportPlan = {
  organisationId: string;
  organisationSlug: string;
  filter: AssetFilter;
  format: ExportFormat;
  customFields: ExportCustomField[];
  rowCount: number;
  startedAt: Date;
};

/**
 * Fixes the columns and records ASSETS_EXPORTED in the request's transaction; the rows themselves are read
 * later, batch by batch, while the response streams (streamAssetsExport).
 */
export async function startAssetsExport(tx: Tx, ctx: RequestContext, filter: AssetFilter, format: ExportFormat): Promise<AssetsExportPlan> {
  const [customFields, [totals]] = await Promise.all([
    listExportCustomFields(tx, ctx.organisationId, filter),
    tx.select({ total: count() }).from(assets).where(buildAssetFilter(ctx.organisationId, filter)),
  ]);
  const rowCount = totals?.total ?? 0;
  await recordAudit(tx, ctx, {
    action: 'ASSETS_EXPORTED',
    targetType: 'ORGANISATION',
    targetId: ctx.organisationId,
    metadata: { format, filter, rowCount },
  });
  return { organisationId: ctx.organisationId, organisationSlug: ctx.organisation.slug, filter, format, customFields, rowCount, startedAt: ctx.now };
}
