import { z } from 'zod';
import { calendarDate } from '@/lib/platform/validation/calendar-date';
import { pageQuery } from '@/lib/platform/pagination';

export const assetStatuses = ['AVAILABLE', 'LOANED', 'MAINTENANCE', 'RETIRED'] as const;
export const AssetStatus = z.enum(assetStatuses);

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).nullable().optional();
const AMOUNT = 'Enter an amount such as 120 or 120.50.';
const money = z
  .union([z.number().nonnegative().max(999_999_999_999), z.string().regex(/^\d{1,12}(\.\d{1,2})?$/, AMOUNT)], { error: AMOUNT })
  .transform((v) => (typeof v === 'number' ? v.toFixed(2) : v));
const customFieldValue = z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]);
const idParam = z.uuid();

export const AssetIdParams = z.object({ id: z.uuid() });

export const CreateAssetBody = z.strictObject({
  name: text(200),
  categoryId: idParam,
  locationId: idParam,
  status: AssetStatus.default('AVAILABLE'),
  inventoryNumber: text(64).regex(/^[A-Za-z0-9._\/-]+$/, 'Use letters, digits and . _ / - only.').optional(),
  photoUrl: z.url({ protocol: /^https?$/ }).max(2000).nullable().optional(),
  serialNumber: optionalText(128),
  manufacturer: optionalText(128),
  model: optionalText(128),
  purchaseDate: calendarDate.nullable().optional(),
  value: money.nullable().optional(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR.').default('EUR'),
  supplier: optionalText(200),
  warrantyMonths: z.number().int().min(0).max(600).nullable().optional(),
  ownerId: idParam.nullable().optional(),
  customFields: z.record(z.string().max(64), customFieldValue).default({}),
});
export type CreateAssetBody = z.infer<typeof CreateAssetBody>;

// PATCH: every field optional; customFields is merged key by key and a null value removes a key.
export const UpdateAssetBody = z
  .strictObject({
    name: text(200),
    categoryId: idParam,
    locationId: idParam,
    status: AssetStatus,
    inventoryNumber: text(64).regex(/^[A-Za-z0-9._\/-]+$/, 'Use letters, digits and . _ / - only.'),
    photoUrl: z.url({ protocol: /^https?$/ }).max(2000).nullable(),
    serialNumber: optionalText(128),
    manufacturer: optionalText(128),
    model: optionalText(128),
    purchaseDate: calendarDate.nullable(),
    value: money.nullable(),
    currency: z.string().regex(/^[A-Z]{3}$/, 'Use a three-letter currency code such as EUR.'),
    supplier: optionalText(200),
    warrantyMonths: z.number().int().min(0).max(600).nullable(),
    ownerId: idParam.nullable(),
    customFields: z.record(z.string().max(64), customFieldValue),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, { message: 'Send at least one field to change.' });
export type UpdateAssetBody = z.infer<typeof UpdateAssetBody>;

export const MAX_SEARCH_WORDS = 8;

const assetFilterShape = {
  status: AssetStatus.optional(),
  categoryId: z.uuid().optional(),
  locationId: z.uuid().optional(),
  ownerId: z.uuid().optional(),
  q: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .refine((q) => q.split(/\s+/).length <= MAX_SEARCH_WORDS, { message: `Search for at most ${MAX_SEARCH_WORDS} words.` })
    .optional()
    .describe(
      `Free text over name, inventory number, serial number, manufacturer and model; every word (at most ${MAX_SEARCH_WORDS}) must match, case-insensitively, as the beginning of a word ("canon eos r5", "macb"). Where the words begin words of fewer than 25 assets, up to 1,000 assets where a word occurs only inside another word ("book" in "MacBook") are found too. Up to 10,000 matches the list is ranked: assets where every word is a whole word first, then those where every word begins a word, then those found inside words; within a rank, the sort. Above 10,000 matches the list keeps the sort's order and pagination.total is an estimate (pagination.totalIsEstimate).`,
    ),
};

export const AssetFilter = z.strictObject(assetFilterShape);

/** A page of assets: pagination.total is exact up to 10,000 search matches and estimated above. */
export const AssetPagePagination = z.object({
  limit: z.number().int(),
  total: z.number().int().describe('How many assets match. Exact, except for a search (q) with more than 10,000 matches: then the planner’s estimate from the table statistics, never below 10,001, and totalIsEstimate is true.'),
  totalIsEstimate: z.literal(true).optional().describe('Present, and true, only when total is an estimate (a search with more than 10,000 matches).'),
  nextCursor: z.string().nullable(),
  hasMore: z.boolean(),
});
export type AssetFilter = z.infer<typeof AssetFilter>;

export const assetSortFields = ['name', 'inventoryNumber', 'status', 'createdAt', 'updatedAt'] as const;
export type AssetSortField = (typeof assetSortFields)[number];
export type AssetSort = AssetSortField | `-${AssetSortField}`;
export const assetSorts = assetSortFields.flatMap((field) => [field, `-${field}`] as const) as [AssetSort, ...AssetSort[]];

/** Newest first, as the list has always been. */
export const DEFAULT_ASSET_SORT: AssetSort = '-createdAt';

export const ListAssetsQuery = z.strictObject({
  ...assetFilterShape,
  sort: z
    .enum(assetSorts)
    .default(DEFAULT_ASSET_SORT)
    .describe(
      'Order of the list: a field, ascending, or the field with a leading "-", descending. name ignores case; status orders AVAILABLE, LOANED, MAINTENANCE, RETIRED, then by creation. Equal values are ordered by id, so paging never repeats or skips an asset. A cursor belongs to the sort it was made with.',
    ),
  ...pageQuery,
});
export type ListAssetsQuery = z.infer<typeof ListAssetsQuery>;

export const MAX_BULK_MOVE = 500;

export const BulkMoveAssetsBody = z.strictObject({
  assetIds: z
    .array(z.uuid())
    .min(1, 'Select at least one asset to move.')
    .max(MAX_BULK_MOVE, `Move at most ${MAX_BULK_MOVE} assets at once.`)
    .describe(`The assets to move, at most ${MAX_BULK_MOVE}. All of them move, or none does.`),
  locationId: z.uuid('Choose the location to move the assets to.').describe('The location the assets move to.'),
});
export type BulkMoveAssetsBody = z.infer<typeof BulkMoveAssetsBody>;

export const BulkMoveAssetsResult = z.object({
  moved: z.number().int().describe('Assets whose location changed; assets already at the location are left as they are.'),
});
export type BulkMoveAssetsResult = z.infer<typeof BulkMoveAssetsResult>;

export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

export const Asset = z.object({
  id: z.uuid(),
  name: z.string(),
  categoryId: z.uuid(),
  locationId: z.uuid(),
  status: AssetStatus,
  inventoryNumber: z.string(),
  photoUrl: z.string().nullable(),
  serialNumber: z.string().nullable(),
  manufacturer: z.string().nullable(),
  model: z.string().nullable(),
  purchaseDate: z.string().nullable().describe('YYYY-MM-DD'),
  value: z.string().nullable().describe('Decimal amount as a string, two decimals.'),
  currency: z.string(),
  supplier: z.string().nullable(),
  warrantyMonths: z.number().int().nullable(),
  warrantyExpiresOn: z.string().nullable().describe('purchaseDate + warrantyMonths, YYYY-MM-DD.'),
  ownerId: z.uuid().nullable(),
  customFields: z.record(z.string(), customFieldValue),
  labelIssuedAt: z.iso.datetime().nullable().describe('When the current label was printed (POST /v1/assets/{id}/label-secret); null while the asset has none.'),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Asset = z.infer<typeof Asset>;

export const LabelSecret = z.object({
  assetId: z.uuid(),
  secret: z.string().describe('The new label secret. Shown only in this response: it is stored as a digest and cannot be read again.'),
  labelUrl: z.url().describe("What the label's QR code encodes: the tenant's /q/{secret} address."),
  issuedAt: z.iso.datetime(),
});
export type LabelSecret = z.infer<typeof LabelSecret>;
