import { z } from 'zod';
import { calendarDate } from '@/lib/platform/validation/calendar-date';

export const maintenanceKinds = ['REPAIR', 'SERVICE', 'INSPECTION'] as const;
export const maintenanceStatuses = ['PLANNED', 'DONE'] as const;
export const MaintenanceKind = z.enum(maintenanceKinds);
export const MaintenanceStatus = z.enum(maintenanceStatuses);

const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const AMOUNT = 'Enter an amount such as 120 or 120.50.';
const cost = z
  .union([z.number().nonnegative().max(9_999_999_999), z.string().trim().regex(/^\d{1,10}(\.\d{1,2})?$/, AMOUNT)], { error: AMOUNT })
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v));

const entryFields = {
  kind: MaintenanceKind,
  status: MaintenanceStatus,
  title: z.string().trim().min(1, 'Give the entry a title.').max(200),
  description: optionalText(4000),
  scheduledFor: calendarDate.nullable().optional(),
  performedOn: calendarDate.nullable().optional(),
  cost: cost.nullable().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR.'),
  vendor: optionalText(200),
};

// A done entry says when it was done; a planned one when it is due.
function datesFit(entry: { status?: string; scheduledFor?: string | null; performedOn?: string | null }, ctx: z.RefinementCtx) {
  if (entry.status === 'DONE' && !entry.performedOn) ctx.addIssue({ code: 'custom', path: ['performedOn'], message: 'Say when the work was done.' });
  if (entry.status === 'PLANNED' && !entry.scheduledFor) ctx.addIssue({ code: 'custom', path: ['scheduledFor'], message: 'Say when the work is planned.' });
}

export const CreateMaintenanceBody = z
  .strictObject({ ...entryFields, status: MaintenanceStatus.default('PLANNED'), currency: entryFields.currency.default('EUR') })
  .superRefine(datesFit);
export type CreateMaintenanceBody = z.infer<typeof CreateMaintenanceBody>;

export const UpdateMaintenanceBody = z
  .strictObject(entryFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateMaintenanceBody = z.infer<typeof UpdateMaintenanceBody>;

export const MaintenanceEntryParams = z.object({ id: z.uuid(), entryId: z.uuid() });

export const MaintenanceEntry = z.object({
  id: z.uuid(),
  assetId: z.uuid(),
  kind: MaintenanceKind,
  status: MaintenanceStatus,
  title: z.string(),
  description: z.string().nullable(),
  scheduledFor: z.string().nullable().describe('YYYY-MM-DD'),
  performedOn: z.string().nullable().describe('YYYY-MM-DD'),
  cost: z.string().nullable().describe('Decimal amount as a string, two decimals.'),
  currency: z.string(),
  vendor: z.string().nullable(),
  createdByUserId: z.uuid(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type MaintenanceEntry = z.infer<typeof MaintenanceEntry>;

export const MaintenanceList = z.object({
  data: z.array(MaintenanceEntry),
  totals: z
    .array(z.object({ currency: z.string(), cost: z.string() }))
    .describe('Total cost of the done entries, one line per currency.'),
});
export type MaintenanceList = z.infer<typeof MaintenanceList>;
