import type { Executor } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import { findCategoryRow, toCategoryDto } from './category-store';
import type { Category } from './schemas';

export async function getCategory(tx: Executor, ctx: RequestContext, categoryId: string): Promise<Category> {
  return toCategoryDto(await findCategoryRow(tx, ctx.organisationId, categoryId));
}
