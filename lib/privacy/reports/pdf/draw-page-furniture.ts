import { formatDateTime } from '@/lib/platform/format/dates';
import type { ReportModel } from '../report-model';
import { createLateNumber, fillLateNumber, placeLateNumber } from './late-number';
import { COLOUR, CONTENT_WIDTH, MARGIN, PAGE, SIZE } from './report-pdf-style';
import { type Doc, type TextStyle, measureWidth, setStyle, write } from './report-pdf-writer';

const FURNITURE: TextStyle = { size: SIZE.furniture, colour: COLOUR.muted };
const HEADER_Y = 30;
const FOOTER_Y = PAGE.height - 40;

function line(doc: Doc, y: number): void {
  doc.save().moveTo(MARGIN.left, y).lineTo(MARGIN.left + CONTENT_WIDTH, y).lineWidth(0.5).strokeColor(COLOUR.hairline).stroke().restore();
}

export type PageFurniture = {
  /** Names the section now being laid out in the header of this page (when it starts at its top) and of the pages after. */
  enterSection(heading: string, atTopOfPage: boolean): void;
  /** Draws the header and footer on the pages laid out so far and writes them out, freeing their memory. */
  finishPages(): void;
  /** Finishes the last pages and fills in the page total. */
  end(): void;
};

/**
 * The running header (organisation · subject, and the section the page begins in) and footer ("Page X of Y", generated date) of every page, marked
 * as pagination artifacts so screen readers skip them rather than reading them between records. The total Y is
 * a late number: pages are written out as they fill, long before the total is known.
 */
export function createPageFurniture(doc: Doc, model: ReportModel): PageFurniture {
  const header = `${model.organisationName} · ${model.subjectName}`;
  const generated = `Generated ${formatDateTime(model.generatedAt)}`;
  const total = createLateNumber(doc, FURNITURE, 40, 'left');
  const pageSections = new Map<number, string>();
  let section: string | undefined;
  const currentPage = () => doc.bufferedPageRange().start + doc.bufferedPageRange().count;
  doc.on('pageAdded', () => {
    if (section) pageSections.set(currentPage(), section);
  });

  function drawOn(pageNumber: number): void {
    const { margins } = doc.page;
    // The header and footer sit in the margins; without this pdfkit would start a new page for them.
    doc.page.margins = { top: 0, bottom: 0, left: margins.left, right: margins.right };
    doc.markContent('Artifact', { type: 'Pagination' });
    const lineHeight = setStyle(doc, FURNITURE).currentLineHeight(true);
    const pageSection = pageSections.get(pageNumber);
    pageSections.delete(pageNumber);
    const sectionWidth = pageSection ? Math.min(measureWidth(doc, pageSection, FURNITURE) + 1, CONTENT_WIDTH / 3) : 0;
    write(doc, header, MARGIN.left, HEADER_Y, FURNITURE, { width: CONTENT_WIDTH - sectionWidth - 12, height: lineHeight, ellipsis: true });
    if (pageSection) {
      write(doc, pageSection, MARGIN.left + CONTENT_WIDTH - sectionWidth, HEADER_Y, FURNITURE, { width: sectionWidth, height: lineHeight, ellipsis: true });
    }
    line(doc, HEADER_Y + lineHeight + 4);
    line(doc, FOOTER_Y - 6);
    const counter = `Page ${pageNumber} of `;
    setStyle(doc, FURNITURE).text(counter, MARGIN.left, FOOTER_Y, { lineBreak: false });
    placeLateNumber(doc, total, MARGIN.left + measureWidth(doc, counter, FURNITURE), FOOTER_Y);
    setStyle(doc, FURNITURE).text(generated, MARGIN.left + CONTENT_WIDTH - measureWidth(doc, generated, FURNITURE), FOOTER_Y, { lineBreak: false });
    doc.endMarkedContent();
    doc.page.margins = margins;
  }

  function finishPages(): void {
    const { start, count } = doc.bufferedPageRange();
    for (let index = start; index < start + count; index++) {
      doc.switchToPage(index);
      drawOn(index + 1);
    }
    doc.flushPages();
  }

  return {
    enterSection(heading, atTopOfPage) {
      section = heading;
      if (atTopOfPage || !pageSections.has(currentPage())) pageSections.set(currentPage(), heading);
    },
    finishPages,
    end() {
      finishPages();
      fillLateNumber(doc, total, doc.bufferedPageRange().start);
    },
  };
}
