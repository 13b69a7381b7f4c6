import { z } from 'zod';

export const UpdateOrganisationBody = z.strictObject({
  name: z.string().trim().min(2, 'The name needs at least 2 characters.').max(120, 'The name can have at most 120 characters.'),
});
export type UpdateOrganisationBody = z.infer<typeof UpdateOrganisationBody>;
