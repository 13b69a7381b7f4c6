/**
 * Time and memory of exporting one subject with 10,000 records (spec 001: export target 48 h, legal limit 30
 * days): `npm run bench:data-export [records]`. Builds its own database (qm_bench_data_export), seeds one person
 * with records of every kind, then runs the export job itself (the function the job engine calls) for JSON and
 * for the PDF report, as the RLS-bound app role, and prints the figures.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { createFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { createDataExports } from '@/lib/privacy/jobs/create-data-exports';
import { createBenchDatabase, seedSubject } from './lib/subject-seed';

const total = Number(process.argv[2] ?? 10_000);

// The shares of the subject's records per kind; medical treatments are encrypted through the app's own path.
const shares = { activities: 0.35, messages: 0.2, comments: 0.1, notifications: 0.1, donations: 0.06, financial: 0.06, antidoping: 0.04, incidents: 0.04, medical: 0.05 };

const bench = await createBenchDatabase('qm_bench_data_export');
const { owner, db } = bench;
const encryption = createFieldEncryption(createKeyRing(createLocalKeyProvider(randomBytes(96))), 300);
const seedStarted = performance.now();
const { orgId, personId, userId, counts } = await seedSubject(bench, { slug: 'bench-export', total, shares, encryption });
const seeded = Object.values(counts).reduce((sum, n) => sum + n, 0);
console.log(`seeded ${seeded} records of one subject in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const rows: string[] = [];
for (const format of ['json', 'pdf'] as const) {
  await owner`insert into data_exports (organisation_id, requested_by_user_id, person_id, format) values (${orgId}, ${userId}, ${personId}, ${format})`;
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 20);
  const started = performance.now();
  const result = await createDataExports({ db, now: () => new Date(), runId: randomUUID(), linkTtlMs: 72 * 3_600_000, encryption, log: console });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  const [row] = await owner`select status, size_bytes, progress_done from data_exports where format = ${format} order by created_at desc limit 1`;
  if (result.created !== 1 || row!.status !== 'ready') throw new Error(`The ${format} export did not finish: ${JSON.stringify({ result, row })}`);
  rows.push(`| ${format.toUpperCase()} | ${row!.progress_done} | ${seconds.toFixed(1)} s | ${(Number(row!.size_bytes) / 1_048_576).toFixed(1)} MiB | ${(peakRss / 1_048_576).toFixed(0)} MiB |`);
}
console.log(`\nExport of one subject (${new Date().toISOString().slice(0, 10)}, ${total} records requested)\n`);
console.log('| Format | Records | Time | File (stored, encrypted) | Peak RSS |\n|---|---|---|---|---|');
for (const row of rows) console.log(row);
await bench.end();
