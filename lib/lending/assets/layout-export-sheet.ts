import type { ExportRow } from './list-export-batch';
import type { ExportCustomField } from './list-export-custom-fields';

export type ExportCell = string | number | boolean | null;
export type ExportSheetLayout = { headers: string[]; cellsOf: (row: ExportRow) => ExportCell[] };

const standardHeaders = [
  'Inventory number', 'Name', 'Category', 'Location', 'Status', 'Owner', 'Serial number', 'Manufacturer', 'Model',
  'Purchase date', 'Value', 'Currency', 'Supplier', 'Warranty (months)', 'Warranty expires',
];

function addMonths(isoDate: string, months: number): string {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(day, lastDay));
  return target.toISOString().slice(0, 10);
}

function customCell(value: unknown): ExportCell {
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** Columns of an export: the standard facts, then one per custom field, headed by its label. */
export function layoutExportSheet(customFields: readonly ExportCustomField[]): ExportSheetLayout {
  const taken = new Set(standardHeaders);
  // Two categories may label different keys alike; the key keeps such columns apart.
  const customHeaders = customFields.map((field) => {
    const header = taken.has(field.label) ? `${field.label} (${field.key})` : field.label;
    taken.add(header);
    return header;
  });
  // An export repeats few purchase dates and warranty terms; date arithmetic on every row took a third of the encoding.
  const expiries = new Map<string, string>();
  const expiryOf = (purchaseDate: string, months: number) => {
    const key = `${purchaseDate}+${months}`;
    let expiry = expiries.get(key);
    if (expiry === undefined) {
      if (expiries.size >= 10_000) expiries.clear();
      expiries.set(key, (expiry = addMonths(purchaseDate, months)));
    }
    return expiry;
  };
  return {
    headers: [...standardHeaders, ...customHeaders],
    cellsOf: (row) => [
      row.inventoryNumber,
      row.name,
      row.category,
      row.location,
      row.status,
      row.owner,
      row.serialNumber,
      row.manufacturer,
      row.model,
      row.purchaseDate,
      row.value === null ? null : Number(row.value),
      row.currency,
      row.supplier,
      row.warrantyMonths,
      row.purchaseDate && row.warrantyMonths !== null ? expiryOf(row.purchaseDate, row.warrantyMonths) : null,
      ...customFields.map((field) => customCell(row.customFields[field.key])),
    ],
  };
}
