import { CategoryIdParams, ListCategoriesQuery } from '@/lib/lending/categories/schemas';
import { resourceSchemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

// Categories and locations share one endpoint pattern (spec: "same endpoint pattern").
const tag = 'Categories';

export const listCategories = defineOperation({
  method: 'get',
  path: '/v1/categories',
  operationId: 'listCategories',
  summary: 'List categories',
  description: 'Categories of the organisation, oldest first; `q` matches part of the name, ignoring case.',
  tag,
  role: 'EMPLOYEE',
  query: ListCategoriesQuery,
  success: { status: 200, description: 'One page of categories.', schema: resourceSchemas.categoryPage },
});

export const createCategory = defineOperation({
  method: 'post',
  path: '/v1/categories',
  operationId: 'createCategory',
  summary: 'Create a category',
  tag,
  role: 'ASSET_MANAGER',
  body: resourceSchemas.createCategoryBody,
  success: { status: 201, description: 'The created category; Location points to it.', schema: resourceSchemas.category },
  errors: ['CATEGORY_NAME_CONFLICT'],
});

export const getCategory = defineOperation({
  method: 'get',
  path: '/v1/categories/{id}',
  operationId: 'getCategory',
  summary: 'Get a category',
  tag,
  role: 'EMPLOYEE',
  params: CategoryIdParams,
  success: { status: 200, description: 'The category.', schema: resourceSchemas.category },
  errors: ['CATEGORY_NOT_FOUND'],
});

export const updateCategory = defineOperation({
  method: 'patch',
  path: '/v1/categories/{id}',
  operationId: 'updateCategory',
  summary: 'Update a category',
  tag,
  role: 'ASSET_MANAGER',
  params: CategoryIdParams,
  body: resourceSchemas.updateCategoryBody,
  success: { status: 200, description: 'The updated category.', schema: resourceSchemas.category },
  errors: ['CATEGORY_NOT_FOUND', 'CATEGORY_NAME_CONFLICT'],
});

export const deleteCategory = defineOperation({
  method: 'delete',
  path: '/v1/categories/{id}',
  operationId: 'deleteCategory',
  summary: 'Delete a category',
  description: 'Only a category that no asset refers to can be deleted; otherwise the answer is 409 CATEGORY_IN_USE.',
  tag,
  role: 'ADMIN',
  params: CategoryIdParams,
  success: { status: 204, description: 'Deleted; no body.' },
  errors: ['CATEGORY_NOT_FOUND', 'CATEGORY_IN_USE'],
});
