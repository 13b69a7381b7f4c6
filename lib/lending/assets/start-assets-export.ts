import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { acquireExportLease, type ExportLease } from '@/lib/platform/export-lease/acquire-export-lease';
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
  /** The organisation's export slot, held until the download ends (streamAssetsExport). */
  lease: ExportLease;
};

/**
 * Takes one of the organisation's export slots (ExportLimitReachedError when none is free), fixes the columns
 * and records ASSETS_EXPORTED in the request's transaction; the rows themselves are read later, batch by batch,
 * while the response streams (streamAssetsExport). A refused export does no database work and is not audited.
 */
export async function startAssetsExport(tx: Tx, ctx: RequestContext, filter: AssetFilter, format: ExportFormat): Promise<AssetsExportPlan> {
  const lease = await acquireExportLease(ctx.organisationId);
  try {
    const [customFields, rowCount] = await Promise.all([listExportCustomFields(tx, ctx.organisationId, filter), countAssets(tx, ctx.organisationId, filter)]);
    await recordAudit(tx, ctx, {
      action: 'ASSETS_EXPORTED',
      targetType: 'ORGANISATION',
      targetId: ctx.organisationId,
      metadata: { format, filter, rowCount },
    });
    return { organisationId: ctx.organisationId, organisationSlug: ctx.organisation.slug, filter, format, customFields, rowCount, startedAt: ctx.now, lease };
  } catch (error) {
    await lease.release();
    throw error;
  }
}
