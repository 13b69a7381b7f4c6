/**
 * Time, size and memory of rendering a report PDF without a server or a database:
 * `npm run bench:report-pdf [records]` (default 10,000 records across 12 sections, bench/lib/report-sample.ts).
 * Writes the PDF to bench/out/report.pdf to look at.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderReportPdf } from '@/lib/reports/render-report-pdf';
import { sampleReportModel } from './lib/report-sample';

const total = Number(process.argv[2] ?? 10_000);
const model = sampleReportModel(total);
let peakRss = process.memoryUsage().rss;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 10);
const startRss = process.memoryUsage().rss;
const started = performance.now();
const cpuStart = process.cpuUsage();
const pdf = await renderReportPdf(model);
const seconds = (performance.now() - started) / 1000;
const cpu = process.cpuUsage(cpuStart);
clearInterval(sampler);
peakRss = Math.max(peakRss, process.memoryUsage().rss);

mkdirSync('bench/out', { recursive: true });
writeFileSync('bench/out/report.pdf', pdf);
let pages = 'unknown (pdfinfo missing)';
try {
  pages = /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['bench/out/report.pdf'], { encoding: 'utf8' }))?.[1] ?? pages;
} catch {
  // poppler-utils is optional for the bench; the page count is then left out.
}
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(`records: ${total.toLocaleString('en-GB')} in ${model.sections.length} sections`);
console.log(`seconds: ${seconds.toFixed(2)} (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)})`);
console.log(`pages: ${pages}`);
console.log(`bytes: ${pdf.length.toLocaleString('en-GB')} (${mb(pdf.length)} MB)`);
console.log(`peak RSS: ${mb(peakRss)} MB (${mb(peakRss - startRss)} MB over the start)`);
console.log('written: bench/out/report.pdf');
