import { and, eq } from 'drizzle-orm';
import type { Executor } from '@/db/client';
import { categories } from '@/db/schema';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import type { Category } from './schemas';

export const categoryColumns = {
  id: categories.id,
  name: categories.name,
  description: categories.description,
  customFields: categories.customFields,
  createdAt: categories.createdAt,
  updatedAt: categories.updatedAt,
};
export const auditedCategoryFields = ['name', 'description', 'customFields'] as const;

type CategoryRow = { id: string; name: string; description: string | null; customFields: Category['customFields'] | { key: string; label: string; type: Category['customFields'][number]['type']; required?: boolean; options?: string[] }[]; createdAt: Date; updatedAt: Date };

export function toCategoryDto(row: CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    customFields: row.customFields.map((f) => ({ ...f, required: f.required ?? false })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function categoryNotFound(categoryId: string, organisationId: string): NotFoundError {
  return new NotFoundError('CATEGORY_NOT_FOUND', 'The category does not exist.', { categoryId, organisationId });
}

export function categoryNameConflict(name: string): ConflictError {
  return new ConflictError('CATEGORY_NAME_CONFLICT', 'Another category already has this name.', { name });
}

export async function findCategoryRow(tx: Executor, organisationId: string, categoryId: string, forUpdate = false) {
  const query = tx.select(categoryColumns).from(categories).where(and(eq(categories.organisationId, organisationId), eq(categories.id, categoryId)));
  const [row] = forUpdate ? await query.for('update') : await query;
  if (!row) throw categoryNotFound(categoryId, organisationId);
  return row;
}
