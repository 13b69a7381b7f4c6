import PDFDocument from 'pdfkit';
import { createPageFurniture } from './pdf/draw-page-furniture';
import { drawReportCover, fillContentsPages } from './pdf/draw-report-cover';
import { drawReportSection } from './pdf/draw-report-section';
import { loadReportFonts } from './pdf/report-pdf-fonts';
import { FONT, MARGIN, PAGE } from './pdf/report-pdf-style';
import { onPageBreak } from './pdf/report-pdf-writer';
import type { ReportModel } from './report-model';

async function layOut(doc: PDFKit.PDFDocument, model: ReportModel): Promise<void> {
  const fonts = loadReportFonts();
  // pdfkit takes a fontkit font as a font source (PDFFontFactory.open); its types list only files and buffers.
  doc
    .registerFont(FONT.regular, fonts.regular as unknown as PDFKit.Mixins.PDFFontSource)
    .registerFont(FONT.bold, fonts.bold as unknown as PDFKit.Mixins.PDFFontSource)
    .registerFont(FONT.fallbackRegular, fonts.fallbackRegular as unknown as PDFKit.Mixins.PDFFontSource)
    .registerFont(FONT.fallbackBold, fonts.fallbackBold as unknown as PDFKit.Mixins.PDFFontSource)
    .font(FONT.regular);
  const furniture = createPageFurniture(doc, model);
  onPageBreak(doc, furniture.finishPages);
  const root = doc.struct('Document');
  doc.addStructure(root);
  const contents = drawReportCover(doc, root, model);
  const sectionPages: number[] = [];
  let y: number = MARGIN.top;
  for (const [index, section] of model.sections.entries()) {
    const drawn = await drawReportSection(doc, root, section, index, y, furniture);
    sectionPages.push(drawn.anchor.pageNumber);
    y = drawn.y;
  }
  fillContentsPages(doc, contents, sectionPages);
  furniture.end();
  root.end();
}

/**
 * Renders a report as a tagged A4 PDF: a cover with the contents, then each section's records as label/value
 * blocks, with a running header and "Page X of Y" footer. Text is embedded Noto Sans, so any Latin, Greek or
 * Cyrillic name prints as written. Pages are written out as they fill, so memory does not grow with the page
 * count; 10,000 records (about 1,100 pages) take about 4 s of CPU (bench/report-pdf.ts, bench/README.md).
 */
export async function renderReportPdf(model: ReportModel): Promise<Buffer> {
  const doc = new PDFDocument({
    size: PAGE.size,
    margins: MARGIN,
    // A page is kept until the layout writes it out (PageFurniture.finishPages): its header and footer are drawn last.
    bufferPages: true,
    tagged: true,
    lang: 'en-GB',
    displayTitle: true,
    pdfVersion: '1.7',
    info: {
      Title: model.title,
      Author: model.organisationName,
      Subject: `${model.title}: ${model.subjectName}`,
      Creator: 'Quartermaster',
      CreationDate: model.generatedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  await layOut(doc, model);
  doc.end();
  return done;
}
