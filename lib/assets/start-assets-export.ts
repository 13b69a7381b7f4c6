import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/core/context';
import { recordAudit } from '@/lib/audit/record-audit';
import { countAssets } from './count-assets';
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
  const [customFields, rowCount] = await Promise.all([listExportCustomFields(tx, ctx.organisationId, filter), countAssets(tx, ctx.organisationId, filter)]);
  await recordAudit(tx, ctx, {
    action: 'ASSETS_EXPORTED',
    targetType: 'ORGANISATION',
    targetId: ctx.organisationId,
    metadata: { format, filter, rowCount },
  });
  return { organisationId: ctx.organisationId, organisationSlug: ctx.organisation.slug, filter, format, customFields, rowCount, startedAt: ctx.now };
}
