import { z } from 'zod';
import { pageQuery } from '@/lib/platform/pagination';

export const LocationIdParams = z.object({ id: z.uuid() });

export const CreateLocationBody = z.strictObject({
  name: z.string().trim().min(1).max(100),
  description: z.string().trim().max(1000).nullable().optional(),
  address: z.string().trim().max(500).nullable().optional(),
});
export type CreateLocationBody = z.infer<typeof CreateLocationBody>;

export const UpdateLocationBody = z
  .strictObject({
    name: z.string().trim().min(1).max(100),
    description: z.string().trim().max(1000).nullable(),
    address: z.string().trim().max(500).nullable(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateLocationBody = z.infer<typeof UpdateLocationBody>;

export const ListLocationsQuery = z.strictObject({ q: z.string().trim().min(1).max(100).optional(), ...pageQuery });
export type ListLocationsQuery = z.infer<typeof ListLocationsQuery>;

export const Location = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  address: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Location = z.infer<typeof Location>;
