import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

const fieldKey = z.string().regex(/^[a-zA-Z][a-zA-Z0-9_]{0,63}$/, 'Start the key with a letter; use letters, digits and _ only.');

export const CustomFieldDefinition = z
  .strictObject({
    key: fieldKey,
    label: z.string().trim().min(1).max(100),
    type: z.enum(['text', 'number', 'boolean', 'date', 'select']),
    required: z.boolean().default(false),
    options: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
  })
  .refine((f) => (f.type === 'select') === (f.options !== undefined), {
    message: 'A choice field needs options, and only a choice field has them.',
    path: ['options'],
  });
export type CustomFieldDefinition = z.output<typeof CustomFieldDefinition>;

const customFields = z
  .array(CustomFieldDefinition)
  .max(50)
  .refine((fields) => new Set(fields.map((f) => f.key)).size === fields.length, { message: 'Give every field its own key.' });

export const CategoryIdParams = z.object({ id: z.uuid() });

export const CreateCategoryBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).nullable().optional(),
  customFields: customFields.default([]),
});
export type CreateCategoryBody = z.infer<typeof CreateCategoryBody>;

export const UpdateCategoryBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000).nullable(),
    customFields,
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateCategoryBody = z.infer<typeof UpdateCategoryBody>;

export const ListCategoriesQuery = z.strictObject({ q: z.string().trim().min(1).max(100).optional(), ...pageQuery });
export type ListCategoriesQuery = z.infer<typeof ListCategoriesQuery>;

export const Category = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  customFields: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      type: z.enum(['text', 'number', 'boolean', 'date', 'select']),
      required: z.boolean(),
      options: z.array(z.string()).optional(),
    }),
  ),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Category = z.infer<typeof Category>;
