import { and, eq, ne, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { categories } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';
import { sqlState } from '@/lib/platform/db/sql-state';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { auditedCategoryFields, categoryColumns, categoryNameConflict, findCategoryRow, toCategoryDto } from './category-store';
import type { Category, UpdateCategoryBody } from './schemas';

export async function updateCategory(tx: Tx, ctx: RequestContext, categoryId: string, input: UpdateCategoryBody): Promise<Category> {
  const before = await findCategoryRow(tx, ctx.organisationId, categoryId, true);
  if (input.name) {
    const [taken] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.organisationId, ctx.organisationId), sql`lower(${categories.name}) = lower(${input.name})`, ne(categories.id, categoryId)));
    if (taken) throw categoryNameConflict(input.name);
  }
  const [after] = await tx
    .update(categories)
    .set({ ...input, updatedAt: new Date() })
    .where(and(eq(categories.organisationId, ctx.organisationId), eq(categories.id, categoryId)))
    .returning(categoryColumns)
    .catch((error: unknown) => {
      // A concurrent transaction can take the name between the check above and this write; the unique index decides.
      if (input.name && sqlState(error) === '23505') throw categoryNameConflict(input.name);
      throw error;
    });
  const changes = diffChanges(before, after!, auditedCategoryFields);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, { action: 'CATEGORY_UPDATED', targetType: 'CATEGORY', targetId: categoryId, changes });
  }
  return toCategoryDto(after!);
}
