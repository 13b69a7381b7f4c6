/**
 * Time and peak memory of encoding an asset export of N rows (default 100,000) in the batches the server reads,
 * without a database: `npx tsx bench/export-assets.ts [rows]`. Rows carry every standard fact and two custom fields.
 */
import { encodeAssetsExport } from '@/lib/assets/encode-assets-export';
import { layoutExportSheet } from '@/lib/assets/layout-export-sheet';
import type { ExportRow } from '@/lib/assets/list-export-batch';
import type { ExportFormat } from '@/lib/assets/schemas';
import { EXPORT_BATCH_SIZE } from '@/lib/assets/stream-assets-export';

const total = Number(process.argv[2] ?? 100_000);

async function* syntheticBatches(): AsyncGenerator<ExportRow[]> {
  for (let start = 0; start < total; start += EXPORT_BATCH_SIZE) {
    yield Array.from({ length: Math.min(EXPORT_BATCH_SIZE, total - start) }, (_, offset) => {
      const i = start + offset;
      return {
        id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        createdAt: new Date(1_700_000_000_000 - i * 1000).toISOString(),
        inventoryNumber: `INV-${String(i).padStart(6, '0')}`,
        name: `ThinkPad X1 Carbon Gen 11 #${i}`,
        category: 'Laptops',
        location: 'Head office, 3rd floor',
        status: 'AVAILABLE',
        owner: i % 3 === 0 ? 'Ada Lovelace' : null,
        serialNumber: `PF-${i.toString(36).toUpperCase()}`,
        manufacturer: 'Lenovo',
        model: 'X1 Carbon',
        purchaseDate: '2024-03-15',
        value: '1899.00',
        currency: 'EUR',
        supplier: 'Bechtle AG',
        warrantyMonths: 36,
        customFields: { ramGb: 32, os: 'Windows' },
      };
    });
  }
}

async function measure(format: ExportFormat): Promise<void> {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const layout = layoutExportSheet([{ key: 'ramGb', label: 'RAM (GB)' }, { key: 'os', label: 'Operating system' }]);
  let bytes = 0;
  const reader = encodeAssetsExport(format, layout, syntheticBatches()).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MB`;
  console.log(`${format}: ${total.toLocaleString('en')} rows, ${mb(bytes)} file, ${((performance.now() - started) / 1000).toFixed(1)} s, peak RSS ${mb(peak)} (baseline ${mb(baseline)})`);
}

const formats = (process.env.FORMATS ?? 'csv,xlsx').split(',') as ExportFormat[];
for (const format of formats) await measure(format);
