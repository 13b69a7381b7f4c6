import { z } from 'zod';
import { getAsset as readAsset } from '@/lib/lending/assets/get-asset';
import { listAssets as list } from '@/lib/lending/assets/list-assets';
import { AssetFilter, AssetIdParams, BulkMoveAssetsBody as BulkMoveAssetsBodySchema, BulkMoveAssetsResult as BulkMoveAssetsResultSchema, LabelSecret as LabelSecretSchema, ListAssetsQuery, MAX_BULK_MOVE } from '@/lib/lending/assets/schemas';
import { resourceSchemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation, mcpTool } from '../operation';
import { named } from '../named';

const tag = 'Assets';

const AssetsCsvExport = named('AssetsCsvExport', z.string(), {
  format: 'binary',
  description:
    'RFC 4180 CSV, UTF-8 with a byte order mark, CRLF line ends. One header row: Inventory number, Name, Category, Location, Status, Owner, Serial number, Manufacturer, Model, Purchase date, Value, Currency, Supplier, Warranty (months), Warranty expires, then one column per custom field (headed by its label) of the categories in the result. Cells that start with = + - @, tab or CR are prefixed with a single quote so spreadsheets do not run them as formulas.',
});
const AssetsXlsxExport = named('AssetsXlsxExport', z.string(), {
  format: 'binary',
  description:
    'An Excel workbook (Office Open XML) with one sheet "Assets" (an export beyond 1,048,575 rows goes on in "Assets (2)", …, each with the header row): the same columns and rows as the CSV export. Numbers are numeric cells; text, including dates (ISO 8601), is stored as text, never as a formula.',
});
const AssetPhoto = named('AssetPhoto', z.string(), { format: 'binary', description: 'The image bytes: PNG, JPEG or WebP, at most 5 MB.' });
const LabelSecret = named('LabelSecret', LabelSecretSchema);
const BulkMoveAssetsBody = named('BulkMoveAssetsBody', BulkMoveAssetsBodySchema);
const BulkMoveAssetsResult = named('BulkMoveAssetsResult', BulkMoveAssetsResultSchema);

const assetId = AssetIdParams.shape.id.describe('The asset (its id, from svc_list_assets).');

const attachment = (extension: string) => ({
  'Content-Disposition': { description: `attachment; filename="assets-<slug>-<YYYY-MM-DD>.${extension}"`, schema: { type: 'string' } },
  'X-Export-Row-Count': { description: 'Rows the export holds (counted when it started).', schema: { type: 'integer' } },
});
const exportDescription =
  'The whole filtered set (same filters as listAssets, no paging), newest first, read in batches of 1,000 while the response streams. Records ASSETS_EXPORTED with the filter and the row count. A full inventory dump, so ASSET_MANAGER and up. An organisation runs at most two exports (CSV and XLSX together, API and portal alike) at once; a third answers 429 EXPORT_LIMIT_REACHED with Retry-After.';

export const listAssets = defineOperation({
  method: 'get',
  path: '/v1/assets',
  operationId: 'listAssets',
  summary: 'List assets',
  description:
    'Assets of the organisation, filtered by status, category, location, owner and free text (every word must match). Newest first unless `sort` names another order (name, inventoryNumber, status, createdAt, updatedAt; a leading "-" reverses it); paging keeps to that order, and a cursor only continues the sort it was made for. With q and up to 10,000 matches the list is ranked (whole words, then word beginnings, then words found inside words), the sort ordering each rank, and the cursor carries the rank; above 10,000 matches it keeps the sort\'s order and pagination.total is an estimate (totalIsEstimate: true). A cursor continues the way its first page was read.',
  tag,
  role: 'EMPLOYEE',
  query: ListAssetsQuery,
  success: { status: 200, description: 'One page of assets.', schema: resourceSchemas.assetPage },
  mcp: mcpTool({
    name: 'svc_list_assets',
    title: 'List assets',
    description:
      "One page of the organisation's assets, newest first unless sort says otherwise; filter by status, category, location, owner, or search with q. Pass pagination.nextCursor as cursor for the next page.",
    input: ListAssetsQuery,
    run: (tx, ctx, input) => list(tx, ctx, input),
  }),
});

export const createAsset = defineOperation({
  method: 'post',
  path: '/v1/assets',
  operationId: 'createAsset',
  summary: 'Create an asset',
  description: 'Creates an asset and records ASSET_CREATED in the audit log.',
  tag,
  role: 'ASSET_MANAGER',
  body: resourceSchemas.createAssetBody,
  success: { status: 201, description: 'The created asset; Location points to it.', schema: resourceSchemas.asset },
  errors: ['INVENTORY_NUMBER_CONFLICT', 'REFERENCE_CONFLICT'],
});

export const getAsset = defineOperation({
  method: 'get',
  path: '/v1/assets/{id}',
  operationId: 'getAsset',
  summary: 'Get an asset',
  tag,
  role: 'EMPLOYEE',
  params: AssetIdParams,
  success: { status: 200, description: 'The asset.', schema: resourceSchemas.asset },
  errors: ['ASSET_NOT_FOUND'],
  mcp: mcpTool({
    name: 'svc_get_asset',
    title: 'Get an asset',
    description: 'One asset with all its facts: status, inventory and serial number, maker and model, purchase, warranty, owner and custom fields.',
    input: z.strictObject({ assetId }),
    run: (tx, ctx, input) => readAsset(tx, ctx, input.assetId),
  }),
});

export const updateAsset = defineOperation({
  method: 'patch',
  path: '/v1/assets/{id}',
  operationId: 'updateAsset',
  summary: 'Update an asset',
  description: 'Changes the given fields only and records ASSET_UPDATED with the before and after of each changed field.',
  tag,
  role: 'ASSET_MANAGER',
  params: AssetIdParams,
  body: resourceSchemas.updateAssetBody,
  success: { status: 200, description: 'The updated asset.', schema: resourceSchemas.asset },
  errors: ['ASSET_NOT_FOUND', 'INVENTORY_NUMBER_CONFLICT', 'REFERENCE_CONFLICT'],
});

export const deleteAsset = defineOperation({
  method: 'delete',
  path: '/v1/assets/{id}',
  operationId: 'deleteAsset',
  summary: 'Delete an asset',
  description: 'Deletes the asset; its audit history remains readable in the tenant audit log.',
  tag,
  role: 'ADMIN',
  params: AssetIdParams,
  success: { status: 204, description: 'Deleted; no body.' },
  errors: ['ASSET_NOT_FOUND', 'ASSET_HAS_LOANS'],
});

export const reissueAssetLabelSecret = defineOperation({
  method: 'post',
  path: '/v1/assets/{id}/label-secret',
  operationId: 'reissueAssetLabelSecret',
  summary: 'Issue a new label secret',
  description:
    "Issues the secret for the asset's printed label: scanning it (its QR code encodes labelUrl) is how a borrower proves the asset is back in hand when returning it (returnLoan's qrCodeToken). The previous label stops working at once. The secret is returned only here, once; it is stored as a SHA-256 digest, and ASSET_LABEL_REISSUED is recorded without it. No other response carries it.",
  tag,
  role: 'ASSET_MANAGER',
  params: AssetIdParams,
  success: { status: 200, description: 'The new secret and the address its label encodes.', schema: LabelSecret },
  errors: ['ASSET_NOT_FOUND'],
});

export const bulkMoveAssets = defineOperation({
  method: 'post',
  path: '/v1/assets/bulk-move',
  operationId: 'bulkMoveAssets',
  summary: 'Move assets to a location',
  description: `Moves up to ${MAX_BULK_MOVE} assets to one location in one transaction: all of them or none. One unknown id (or another organisation's, or a deleted one) answers 404 and nothing changes. Each moved asset records ASSET_UPDATED with the before and after of locationId.`,
  tag,
  role: 'ASSET_MANAGER',
  body: BulkMoveAssetsBody,
  success: { status: 200, description: 'How many assets moved.', schema: BulkMoveAssetsResult },
  errors: ['ASSET_NOT_FOUND'],
});

export const exportAssetsCsv = defineOperation({
  method: 'get',
  path: '/v1/assets/export.csv',
  operationId: 'exportAssetsCsv',
  summary: 'Export assets as CSV',
  description: exportDescription,
  tag,
  role: 'ASSET_MANAGER',
  query: AssetFilter,
  success: { status: 200, description: 'The CSV file, as an attachment.', schema: AssetsCsvExport, mediaType: 'text/csv', headers: attachment('csv') },
  errors: ['EXPORT_LIMIT_REACHED'],
});

export const exportAssetsXlsx = defineOperation({
  method: 'get',
  path: '/v1/assets/export.xlsx',
  operationId: 'exportAssetsXlsx',
  summary: 'Export assets as XLSX',
  description: exportDescription,
  tag,
  role: 'ASSET_MANAGER',
  query: AssetFilter,
  success: {
    status: 200,
    description: 'The workbook, as an attachment.',
    schema: AssetsXlsxExport,
    mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    headers: attachment('xlsx'),
  },
  errors: ['EXPORT_LIMIT_REACHED'],
});

export const getAssetPhoto = defineOperation({
  method: 'get',
  path: '/v1/assets/{id}/photo',
  operationId: 'getAssetPhoto',
  summary: "Get an asset's photo",
  description: 'The photo uploaded in the portal; an asset’s photoUrl points here. Answers 304 to a matching If-None-Match.',
  tag,
  role: 'EMPLOYEE',
  params: AssetIdParams,
  success: {
    status: 200,
    description: 'The image.',
    schema: AssetPhoto,
    mediaType: 'image/*',
    headers: { ETag: { description: 'Changes when a new photo is uploaded.', schema: { type: 'string' } } },
  },
  errors: ['ASSET_NOT_FOUND', 'ASSET_PHOTO_NOT_FOUND'],
});
