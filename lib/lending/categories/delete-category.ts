import { and, count, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { assets, categories } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError } from '@/lib/platform/core/errors';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedCategoryFields, findCategoryRow } from './category-store';

/** Only an unreferenced category can go; the row lock makes a concurrent asset insert wait or fail its FK. */
export async function deleteCategory(tx: Tx, ctx: RequestContext, categoryId: string): Promise<void> {
  const before = await findCategoryRow(tx, ctx.organisationId, categoryId, true);
  const [usage] = await tx
    .select({ assets: count() })
    .from(assets)
    .where(and(eq(assets.organisationId, ctx.organisationId), eq(assets.categoryId, categoryId)));
  if (usage && usage.assets > 0) {
    throw new ConflictError('CATEGORY_IN_USE', 'The category is used by assets and cannot be deleted.', { categoryId, assetCount: usage.assets });
  }
  await tx.delete(categories).where(and(eq(categories.organisationId, ctx.organisationId), eq(categories.id, categoryId)));
  await recordAudit(tx, ctx, {
    action: 'CATEGORY_DELETED',
    targetType: 'CATEGORY',
    targetId: categoryId,
    changes: diffChanges(before, null, auditedCategoryFields),
  });
}
