import { and, eq, inArray } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, categories } from '@/db/schema';
import { buildAssetFilter } from './build-asset-filter';
import type { AssetFilter } from './schemas';

export type ExportCustomField = { key: string; label: string };

/** The union of the custom fields of every category that has an asset in the filtered set, in category name order. */
export async function listExportCustomFields(tx: Tx, organisationId: string, filter: AssetFilter): Promise<ExportCustomField[]> {
  const used = tx.selectDistinct({ categoryId: assets.categoryId }).from(assets).where(buildAssetFilter(organisationId, filter));
  const rows = await tx
    .select({ customFields: categories.customFields })
    .from(categories)
    .where(and(eq(categories.organisationId, organisationId), inArray(categories.id, used)))
    .orderBy(categories.name, categories.id);
  const fields = new Map<string, string>();
  for (const row of rows) for (const field of row.customFields) if (!fields.has(field.key)) fields.set(field.key, field.label);
  return [...fields].map(([key, label]) => ({ key, label }));
}
