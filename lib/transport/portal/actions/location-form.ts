import { z } from 'zod';
import { CreateLocationBody } from '@/lib/lending/locations/schemas';

const optional = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((value) => value || null);

/** The location form in words a person can act on, then as the body POST /api/v1/locations takes; a blank address or description is none. */
export const LocationForm = z
  .object({
    name: z.string().trim().min(1, 'Give the location a name, such as “Main office, 2nd floor”.').max(100, 'A name can have at most 100 characters.'),
    address: optional(500, 'An address can have at most 500 characters.'),
    description: optional(1000, 'A description can have at most 1000 characters.'),
  })
  .transform((form): z.input<typeof CreateLocationBody> => form)
  .pipe(CreateLocationBody);
