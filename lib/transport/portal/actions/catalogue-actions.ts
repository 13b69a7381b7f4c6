'use server';

import { redirect } from 'next/navigation';
import { z } from 'zod';
import { createCategory } from '@/lib/lending/categories/create-category';
import { deleteCategory } from '@/lib/lending/categories/delete-category';
import { updateCategory } from '@/lib/lending/categories/update-category';
import { updateLoanPolicy } from '@/lib/lending/loans/policy';
import { createLocation } from '@/lib/lending/locations/create-location';
import { deleteLocation } from '@/lib/lending/locations/delete-location';
import { updateLocation } from '@/lib/lending/locations/update-location';
import { formAction } from '../portal-action';
import { ApproverRulesForm, approverRulesFormFields } from './approver-rules-form';
import { CategoryForm, categoryFormFields } from './category-form';
import { LocationForm } from './location-form';

const categoriesPage = '/admin/categories';
const locationsPage = '/admin/locations';
// The asset form and filters offer the catalogue too, and the settings page names it in the approver rules.
const catalogueReaders = ['/assets', '/assets/new', '/admin/settings'];

const CategoryRef = z.object({ categoryId: z.uuid('Unknown category.') });
const LocationRef = z.object({ locationId: z.uuid('Unknown location.') });

const categoryErrors = {
  errors: {
    CATEGORY_NAME_CONFLICT: 'Another category already has this name. Choose another name.',
    CATEGORY_NOT_FOUND: 'This category does not exist any more.',
  },
  errorFields: { CATEGORY_NAME_CONFLICT: 'name' },
};
const locationErrors = {
  errors: {
    LOCATION_NAME_CONFLICT: 'Another location already has this name. Choose another name.',
    LOCATION_NOT_FOUND: 'This location does not exist any more.',
  },
  errorFields: { LOCATION_NAME_CONFLICT: 'name' },
};

export const createCategoryAction = formAction(
  { role: 'ADMIN', input: CategoryForm, fields: categoryFormFields, revalidate: [categoriesPage, ...catalogueReaders], ...categoryErrors },
  async ({ tx, ctx, input }) => {
    const category = await createCategory(tx, ctx, input);
    return { message: `Category ${category.name} added.`, categoryId: category.id };
  },
);

export const updateCategoryAction = formAction(
  {
    role: 'ADMIN',
    input: z.intersection(CategoryRef, CategoryForm),
    fields: (form) => ({ categoryId: String(form.get('categoryId') ?? ''), ...categoryFormFields(form) }),
    revalidate: (input) => [categoriesPage, `${categoriesPage}/${input.categoryId}`, ...catalogueReaders],
    ...categoryErrors,
  },
  async ({ tx, ctx, input }) => {
    const { categoryId, name, description, customFields } = input;
    await updateCategory(tx, ctx, categoryId, { name, description: description ?? null, customFields });
    return { message: 'Category saved.' };
  },
);

export const deleteCategoryAction = formAction(
  {
    role: 'ADMIN',
    input: CategoryRef,
    fields: (form) => ({ categoryId: String(form.get('categoryId') ?? '') }),
    revalidate: [categoriesPage, ...catalogueReaders],
    errors: { ...categoryErrors.errors, CATEGORY_IN_USE: 'Assets still belong to this category, so it cannot be deleted. Move them to another category first.' },
  },
  async ({ tx, ctx, input }) => {
    await deleteCategory(tx, ctx, input.categoryId);
    return { message: 'Category deleted.' };
  },
);

/** Deleting from the category's own page leads back to the list, once the deletion has committed. */
export async function deleteCategoryAndReturnAction(previous: unknown, form: FormData) {
  const outcome = await deleteCategoryAction(previous, form);
  if (outcome.ok) redirect(categoriesPage);
  return outcome;
}

export const createLocationAction = formAction(
  {
    role: 'ADMIN',
    input: LocationForm,
    fields: (form) => ({ name: String(form.get('name') ?? ''), address: String(form.get('address') ?? ''), description: String(form.get('description') ?? '') }),
    revalidate: [locationsPage, ...catalogueReaders],
    ...locationErrors,
  },
  async ({ tx, ctx, input }) => {
    const location = await createLocation(tx, ctx, input);
    return { message: `Location ${location.name} added.` };
  },
);

export const updateLocationAction = formAction(
  {
    role: 'ADMIN',
    input: z.intersection(LocationRef, LocationForm),
    fields: (form) => ({
      locationId: String(form.get('locationId') ?? ''),
      name: String(form.get('name') ?? ''),
      address: String(form.get('address') ?? ''),
      description: String(form.get('description') ?? ''),
    }),
    revalidate: (input) => [locationsPage, `${locationsPage}/${input.locationId}`, ...catalogueReaders],
    ...locationErrors,
  },
  async ({ tx, ctx, input }) => {
    const { locationId, name, address, description } = input;
    await updateLocation(tx, ctx, locationId, { name, address: address ?? null, description: description ?? null });
    return { message: 'Location saved.' };
  },
);

export const deleteLocationAction = formAction(
  {
    role: 'ADMIN',
    input: LocationRef,
    fields: (form) => ({ locationId: String(form.get('locationId') ?? '') }),
    revalidate: [locationsPage, ...catalogueReaders],
    errors: { ...locationErrors.errors, LOCATION_IN_USE: 'Assets are still kept at this location, so it cannot be deleted. Move them to another location first.' },
  },
  async ({ tx, ctx, input }) => {
    await deleteLocation(tx, ctx, input.locationId);
    return { message: 'Location deleted.' };
  },
);

/** Deleting from the location's own page leads back to the list, once the deletion has committed. */
export async function deleteLocationAndReturnAction(previous: unknown, form: FormData) {
  const outcome = await deleteLocationAction(previous, form);
  if (outcome.ok) redirect(locationsPage);
  return outcome;
}

export const saveApproverRulesAction = formAction(
  { role: 'ADMIN', input: ApproverRulesForm, fields: approverRulesFormFields, revalidate: ['/admin/settings'] },
  async ({ tx, ctx, input }) => {
    const policy = await updateLoanPolicy(tx, ctx, { approverRules: input });
    const count = policy.approverRules.length;
    return { message: count === 0 ? 'No approver rules: the default approver decides every request.' : `Approver rules saved: ${count === 1 ? '1 rule' : `${count} rules`}, the first that matches an asset decides.` };
  },
);
