/**
 * Time, size and memory of rendering a report PDF without a server or a database:
 * `npm run bench:report-pdf [records]` (default 10,000 records across 12 sections, bench/lib/report-sample.ts).
 * Prints time, pages, size, the longest event-loop stall and peak memory; writes the PDF to bench/out/report.pdf.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { renderReportPdf } from '@/lib/privacy/reports/render-report-pdf';
import { sampleReportModel } from './lib/report-sample';

const total = Number(process.argv[2] ?? 10_000);
const model = sampleReportModel(total);
// The process's first render pays once for reading the fonts and compiling pdfkit's and fontkit's code; a
// server has done that long before, so it is timed on its own.
const coldStarted = performance.now();
await renderReportPdf(sampleReportModel(200));
const coldMs = performance.now() - coldStarted;
let peakRss = process.memoryUsage().rss;
// The renderer hands the event loop back now and then; the longest gap between ticks is how long a server
// rendering in-process would leave requests waiting.
let lastTick = performance.now();
let longestStall = 0;
const sampler = setInterval(() => {
  const now = performance.now();
  longestStall = Math.max(longestStall, now - lastTick);
  lastTick = now;
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 10);
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
console.log(`first render in the process (200 records): ${Math.round(coldMs)} ms`);
console.log(`records: ${total.toLocaleString('en-GB')} in ${model.sections.length} sections`);
console.log(`seconds: ${seconds.toFixed(2)} (CPU ${((cpu.user + cpu.system) / 1e6).toFixed(2)})`);
console.log(`pages: ${pages}`);
console.log(`bytes: ${pdf.length.toLocaleString('en-GB')} (${mb(pdf.length)} MB)`);
console.log(`longest event-loop stall: ${Math.round(longestStall)} ms`);
console.log(`peak RSS: ${mb(peakRss)} MB (${mb(peakRss - startRss)} MB over the start)`);
console.log('written: bench/out/report.pdf');
