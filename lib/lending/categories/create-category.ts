import type { Tx } from '@/db/client';
import { categories } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedCategoryFields, categoryColumns, categoryNameConflict, toCategoryDto } from './category-store';
import type { Category, CreateCategoryBody } from './schemas';

export async function createCategory(tx: Tx, ctx: RequestContext, input: CreateCategoryBody): Promise<Category> {
  const [row] = await tx
    .insert(categories)
    .values({ ...input, organisationId: ctx.organisationId })
    .onConflictDoNothing()
    .returning(categoryColumns);
  if (!row) throw categoryNameConflict(input.name);
  await recordAudit(tx, ctx, {
    action: 'CATEGORY_CREATED',
    targetType: 'CATEGORY',
    targetId: row.id,
    changes: diffChanges(null, row, auditedCategoryFields),
  });
  return toCategoryDto(row);
}
