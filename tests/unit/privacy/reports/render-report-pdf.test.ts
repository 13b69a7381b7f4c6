import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportModel } from '@/lib/privacy/reports/report-model';
import { renderReportPdf } from '@/lib/privacy/reports/render-report-pdf';

/** Reads the rendered PDF back with poppler (poppler-utils; .ci/run installs it), as a PDF viewer would. */
const SUBJECT = 'Zoë Łukasiewicz-Çelik';
const NAMES = ['Ярослава Шевченко', 'Đorđe Petrović', 'Ørsted', 'Γιώργος Παπαδόπουλος'];
const PUNCTUATION = '€1,250.00 – „quoted“ “double” ‘single’ — done';
/** Characters Noto Sans lacks, printed with the fallback font (DejaVu Sans). */
const SYMBOLS = 'phone: +49 30 1234567 → +49 30 7654321 ✓ (≤ 2 changes)';
const MESSAGES = 400;
const LONG_NOTE = Array.from({ length: 160 }, (_, i) => `Sentence ${i + 1} of a very long treatment note that wraps over many lines.`).join(' ');

const model: ReportModel = {
  title: 'Your data',
  subtitle: 'Everything we hold about you',
  organisationName: 'SV Grün-Weiß e.V.',
  subjectName: SUBJECT,
  generatedAt: new Date('2026-11-24T14:05:00Z'),
  intro: ['This report lists every record about you.'],
  sections: [
    {
      heading: 'Person details',
      description: 'What we hold about you as a person.',
      records: [
        {
          heading: SUBJECT,
          fields: [
            { label: 'Contacts', value: NAMES.join(', ') },
            { label: 'Last donation', value: PUNCTUATION },
            { label: 'Changes', value: SYMBOLS },
            { label: 'Phone', value: null },
          ],
        },
      ],
    },
    {
      heading: 'Messages',
      description: 'Messages you sent or received.',
      records: Array.from({ length: MESSAGES }, (_, i) => ({
        heading: `Message ${i + 1}`,
        fields: [
          { label: 'From', value: NAMES[i % NAMES.length] ?? null },
          { label: 'Text', value: i % 7 === 0 ? `${LONG_NOTE.slice(0, 400)} end-${i + 1}` : `Short text end-${i + 1}` },
        ],
      })),
    },
    { heading: 'Donations', description: 'Donations you made.', emptyText: 'No donations are recorded for you.', records: [] },
    {
      heading: 'Medical treatments',
      records: [
        // Taller than a page, each field shorter than one: breaks between fields, under a repeated heading.
        { heading: 'Physiotherapy', fields: [1, 2, 3, 4, 5].map((visit) => ({ label: `Visit ${visit}`, value: LONG_NOTE.slice(0, 2500) })) },
        // One value taller than a page: flows on over the page break.
        { heading: 'Surgery', fields: [{ label: 'Findings', value: LONG_NOTE }, { label: 'Practitioner', value: 'Dr. Çelik' }] },
      ],
    },
  ],
};

let directory: string;
let file: string;
let pageTexts: string[];
let pages: number;

function poppler(tool: string, ...args: string[]): string {
  return execFileSync(tool, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
}

beforeAll(async () => {
  directory = mkdtempSync(path.join(tmpdir(), 'report-pdf-'));
  file = path.join(directory, 'report.pdf');
  const pdf = await renderReportPdf(model);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  writeFileSync(file, pdf);
  pages = Number(/Pages:\s+(\d+)/.exec(poppler('pdfinfo', file))?.[1]);
  // pdftotext ends every page with a form feed.
  pageTexts = poppler('pdftotext', '-enc', 'UTF-8', file, '-').split('\f').slice(0, pages);
}, 60_000);

afterAll(() => rmSync(directory, { recursive: true, force: true }));

function pageOf(text: string): number {
  return pageTexts.findIndex((page) => page.includes(text)) + 1;
}

// poppler reads a 40-page PDF in well under a second, but the machine is shared: leave room.
describe('renderReportPdf', { timeout: 30_000 }, () => {
  it('prints names in any Latin, Greek or Cyrillic script, euro signs, quotes, dashes and arrows, as text', () => {
    const text = pageTexts.join('\n');
    expect(text).toContain(SUBJECT);
    for (const name of NAMES) expect(text).toContain(name);
    expect(text).toContain(PUNCTUATION);
    expect(text).toContain(SYMBOLS);
    expect(text).toContain('Not recorded');
    const fonts = poppler('pdffonts', file);
    expect(fonts).toMatch(/NotoSans-Regular\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).toMatch(/DejaVuSans\s+CID TrueType\s+Identity-H\s+yes\s+yes\s+yes/);
    expect(fonts).not.toMatch(/Helvetica/);
  });

  it('puts the cover on page 1 and every section heading, record count and empty text in the document', () => {
    expect(pageTexts[0]).toContain('Your data');
    expect(pageTexts[0]).toContain('Generated');
    expect(pageTexts[0]).toContain('24 Nov 2026, 14:05 UTC');
    expect(pageTexts[0]).toContain('Contents');
    for (const section of model.sections) expect(pageTexts.slice(1).some((page) => page.includes(section.heading))).toBe(true);
    expect(pageTexts[0]).toContain('400 records');
    expect(pageTexts.join('\n')).toContain('No donations are recorded for you.');
  });

  it('numbers every page "Page X of N" and gives each section its page in the contents', () => {
    expect(pages).toBeGreaterThan(10);
    pageTexts.forEach((page, index) => expect(page).toContain(`Page ${index + 1} of ${pages}`));
    const contents = poppler('pdftotext', '-layout', '-f', '1', '-l', '1', '-enc', 'UTF-8', file, '-');
    for (const heading of ['Messages', 'Donations', 'Medical treatments']) {
      const listed = new RegExp(`${heading}\\s+(?:\\d[\\d,]* records?|no records)\\s+(\\d+)`).exec(contents)?.[1];
      const sectionPage = pageTexts.findIndex((page, index) => index > 0 && page.includes(`${heading}\n`)) + 1;
      expect(Number(listed), heading).toBe(sectionPage);
    }
  });

  it('keeps each record on one page when it fits and carries longer ones over with a continued heading', () => {
    for (let i = 1; i <= MESSAGES; i++) {
      expect(pageOf(`Message ${i}\n`), `Message ${i}`).toBe(pageOf(`end-${i}\n`));
    }
    expect(pageTexts.join('\n')).toContain('Physiotherapy (continued)');
    expect(pageOf('Sentence 160 of')).toBeGreaterThan(pageOf('Sentence 1 of'));
  });

  it('sets the document metadata and tags the PDF for assistive technology', async () => {
    const info = poppler('pdfinfo', file);
    expect(info).toMatch(/Title:\s+Your data/);
    expect(info).toMatch(/Author:\s+SV Grün-Weiß e\.V\./);
    expect(info).toMatch(/Subject:\s+Your data: Zoë Łukasiewicz-Çelik/);
    expect(info).toMatch(/Tagged:\s+yes/);
    expect(info).toMatch(/Page size:\s+595\.28 x 841\.89 pts \(A4\)/);
    expect(readFileSync(file).includes('/Lang (en-GB)')).toBe(true);
    // poppler takes seconds to print the structure of the full test document; a short one has the same shape.
    const short = path.join(directory, 'short.pdf');
    const sections = model.sections.map((section) => ({ ...section, records: section.records.slice(0, 3) }));
    writeFileSync(short, await renderReportPdf({ ...model, sections }));
    const structure = poppler('pdfinfo', '-struct-text', short);
    expect(structure).toMatch(/H1 \(block\)\s+"Your data"/);
    expect(structure).toMatch(/TOCI\s+Link \(inline\)\s+"Messages"/);
    expect(structure).toMatch(/Sect\s+H2 \(block\)\s+"Messages"/);
    expect(structure).toMatch(/H3 \(block\)\s+"Message 1"\s+P \(block\)\s+"From"\s+"Ярослава Шевченко"/);
    // Running headers and footers are artifacts, outside the structure.
    expect(structure).not.toContain('Page 1 of');
  });

  it('renders page 1 to a picture that is not blank', () => {
    poppler('pdftoppm', '-png', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, path.join(directory, 'page'));
    const png = readFileSync(path.join(directory, 'page.png'));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect(png.length).toBeGreaterThan(5_000);
    poppler('pdftoppm', '-gray', '-r', '50', '-f', '1', '-l', '1', '-singlefile', file, path.join(directory, 'page'));
    const pgm = readFileSync(path.join(directory, 'page.pgm'));
    // Binary PGM: "P5\n<width> <height>\n255\n" then one byte a pixel.
    const [, width, height] = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 32).toString('latin1')) ?? [];
    const pixels = pgm.subarray(pgm.length - Number(width) * Number(height));
    const inked = pixels.filter((value) => value < 200).length / pixels.length;
    expect(inked).toBeGreaterThan(0.01);
    expect(inked).toBeLessThan(0.5);
  });

  it('renders a report without sections as a single cover page', async () => {
    const pdf = await renderReportPdf({ ...model, sections: [], intro: undefined });
    const single = path.join(directory, 'empty.pdf');
    writeFileSync(single, pdf);
    expect(poppler('pdfinfo', single)).toMatch(/Pages:\s+1\n/);
    expect(poppler('pdftotext', single, '-')).toContain('Page 1 of 1');
  });
});
