/**
 * Time and memory of encoding an asset export of N rows (default 100,000) in the batches the server reads,
 * without a database: `npx tsx bench/export-assets.ts [rows]`. Rows carry every standard fact and two custom
 * fields. The CSV encoder and each streaming XLSX writer (bench/lib/xlsx-candidates.ts) run in a fresh process
 * of their own, so one's garbage never counts against the next. `ENCODERS=csv,exceljs` picks some by name.
 */
import { spawnSync } from 'node:child_process';
import { encodeAssetsExport } from '@/lib/lending/assets/encode-assets-export';
import { layoutExportSheet } from '@/lib/lending/assets/layout-export-sheet';
import type { ExportRow } from '@/lib/lending/assets/list-export-batch';
import { EXPORT_BATCH_SIZE } from '@/lib/lending/assets/stream-assets-export';
import { type XlsxEncoder, xlsxCandidates } from './lib/xlsx-candidates';

const total = Number(process.argv[2] ?? 100_000);
const stallMs = 1_000;
const encoders: Record<string, XlsxEncoder> = { CSV: (layout, batches) => encodeAssetsExport('csv', layout, batches), ...xlsxCandidates };

function syntheticRow(i: number): ExportRow {
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
}

/** The synthetic set in server-sized batches; `read.rows` counts what the encoder has asked for so far. */
function syntheticBatches(read: { rows: number }): AsyncGenerator<ExportRow[]> {
  return (async function* () {
    for (let start = 0; start < total; start += EXPORT_BATCH_SIZE) {
      const size = Math.min(EXPORT_BATCH_SIZE, total - start);
      read.rows += size;
      yield Array.from({ length: size }, (_, offset) => syntheticRow(start + offset));
    }
  })();
}

const layout = layoutExportSheet([{ key: 'ramGb', label: 'RAM (GB)' }, { key: 'os', label: 'Operating system' }]);
const mb = (n: number) => (n / 1024 / 1024).toFixed(0);

async function measure(name: string): Promise<void> {
  const encode = encoders[name]!;
  global.gc?.();
  const baseline = process.memoryUsage();
  let peakRss = baseline.rss;
  let peakHeap = baseline.heapUsed + baseline.external + baseline.arrayBuffers;
  const sample = () => {
    const now = process.memoryUsage();
    peakRss = Math.max(peakRss, now.rss);
    peakHeap = Math.max(peakHeap, now.heapUsed + now.external + now.arrayBuffers);
  };
  const sampler = setInterval(sample, 20);
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  let bytes = 0;
  const reader = encode(layout, syntheticBatches({ rows: 0 })).getReader();
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    bytes += next.value.byteLength;
    sample();
  }
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  clearInterval(sampler);

  // Backpressure: a reader that takes one chunk and then stops for a second. A writer that respects it reads
  // no more than a batch or two ahead; one that does not reads the whole set into memory meanwhile.
  const read = { rows: 0 };
  const stalled = encode(layout, syntheticBatches(read)).getReader();
  await stalled.read();
  await new Promise((resolve) => setTimeout(resolve, stallMs));
  await stalled.cancel();

  const heapBase = baseline.heapUsed + baseline.external + baseline.arrayBuffers;
  console.log(
    `| ${name} | ${total.toLocaleString('en')} | ${seconds.toFixed(1)} | ${((cpu.user + cpu.system) / 1e6).toFixed(1)} | ${(bytes / 1024 / 1024).toFixed(1)} | ${mb(peakRss - baseline.rss)} | ${mb(peakHeap - heapBase)} | ${read.rows.toLocaleString('en')} |`,
  );
}

const only = process.env.BENCH_ENCODER;
if (only) {
  await measure(only);
  process.exit(0);
}
const wanted = process.env.ENCODERS?.split(',');
console.log('| Encoder | rows | seconds | CPU seconds | file MB | RSS growth MB | heap growth MB | rows read while the reader stalls 1 s |');
console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
for (const name of Object.keys(encoders).filter((n) => !wanted || wanted.some((w) => n.toLowerCase().includes(w.toLowerCase())))) {
  const child = spawnSync(process.execPath, [...process.execArgv, '--expose-gc', process.argv[1]!, String(total)], {
    env: { ...process.env, BENCH_ENCODER: name },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (child.status !== 0) console.log(`| ${name} | failed with exit code ${child.status} | | | | | | |`);
}
