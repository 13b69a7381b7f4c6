import { z } from 'zod';

export const CodelistName = z.string().regex(/^[a-z][a-z0-9_]{0,62}$/, 'A code-list name is lower-case letters, digits and underscores.');
const Code = z.string().trim().min(1, 'Enter a code.').max(64, 'A code can have at most 64 characters.').regex(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, 'A code is letters, digits, dots, dashes and underscores.');
const Label = z.string().trim().min(1, 'Enter a label.').max(200, 'A label can have at most 200 characters.');

export const CreateCodelistValueBody = z.strictObject({ code: Code, label: Label });
export type CreateCodelistValueBody = z.infer<typeof CreateCodelistValueBody>;

export const UpdateCodelistValueBody = z
  .strictObject({ label: Label, active: z.boolean().describe('false deactivates the value: kept, no longer offered.') })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateCodelistValueBody = z.infer<typeof UpdateCodelistValueBody>;

export const CodelistSummary = z.object({
  name: z.string(),
  label: z.string(),
  source: z.enum(['registry', 'local']).describe('registry: mirrored from the external registry (read-only values); local: the platform\'s own list.'),
  isLocal: z.boolean(),
  cadence: z.enum(['weekly', 'daily']).nullable().describe('How often the registry is asked for changes; null for local lists.'),
  lastSyncedAt: z.string().nullable(),
  valueCount: z.number().int().describe("Registry values plus this tenant's custom values."),
  customValueCount: z.number().int(),
});
export type CodelistSummary = z.infer<typeof CodelistSummary>;

export const CodelistValue = z.object({
  id: z.uuid(),
  code: z.string(),
  label: z.string(),
  active: z.boolean(),
  isCustom: z.boolean().describe("true: this tenant's own value, editable by its admins and never sent to the registry."),
  customForOrgId: z.uuid().nullable(),
  updatedAt: z.string(),
});
export type CodelistValue = z.infer<typeof CodelistValue>;

export const CodelistDetail = CodelistSummary.extend({ values: z.array(CodelistValue) });
export type CodelistDetail = z.infer<typeof CodelistDetail>;
export const CodelistList = z.object({ data: z.array(CodelistSummary) });

export const CodelistNameParams = z.strictObject({ name: CodelistName });
export const CodelistValueParams = z.strictObject({ name: CodelistName, id: z.uuid('The value id is a UUID.') });
