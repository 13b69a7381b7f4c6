import type { ReportSection } from '../report-model';
import type { PageFurniture } from './draw-page-furniture';
import { drawRecord, measureRecord, recordLead } from './draw-report-record';
import { BODY_BOTTOM, COLOUR, CONTENT_WIDTH, MARGIN, RECORD_GAP, SECTION_GAP, SIZE } from './report-pdf-style';
import { type Doc, type Struct, type TextStyle, formatRecordCount, measure, open, rule, sectionDestination, startNewPageFor, tag, write } from './report-pdf-writer';

const HEADING: TextStyle = { bold: true, size: SIZE.heading, colour: COLOUR.accent };
const COUNT: TextStyle = { size: SIZE.label, colour: COLOUR.muted };
const DESCRIPTION: TextStyle = { size: SIZE.body, colour: COLOUR.muted };
const EMPTY: TextStyle = { size: SIZE.body };
const COUNT_WIDTH = 110;
const RULE_GAP = 5;
const AFTER_INTRO = 10;
const DEFAULT_EMPTY_TEXT = 'Nothing is recorded in this section.';
/** Layout is synchronous; handing the event loop back every so many records keeps a server answering meanwhile. */
const RECORDS_PER_TURN = 50;

/** Where a section begins, for the contents' page numbers and links. */
export type SectionAnchor = { destination: string; pageNumber: number };

/** Heading with its record count on the right, a rule, then the description; returns the y below. */
function drawSectionIntro(doc: Doc, element: Struct, section: ReportSection, y: number): number {
  const headingWidth = CONTENT_WIDTH - COUNT_WIDTH;
  const headingHeight = measure(doc, section.heading, HEADING, headingWidth);
  tag(doc, element, 'H2', () => write(doc, section.heading, MARGIN.left, y, HEADING, { width: headingWidth }));
  const count = formatRecordCount(section.records.length);
  tag(doc, element, 'P', () =>
    write(doc, count, MARGIN.left + headingWidth, y + (SIZE.heading - SIZE.label), COUNT, {
      width: COUNT_WIDTH,
      align: 'right',
    }),
  );
  y += headingHeight + RULE_GAP;
  rule(doc, y, COLOUR.rule, 0.75);
  y += RULE_GAP + 2;
  const { description } = section;
  if (description) {
    tag(doc, element, 'P', () => write(doc, description, MARGIN.left, y, DESCRIPTION));
    y += measure(doc, description, DESCRIPTION);
  }
  return y + AFTER_INTRO;
}

function introHeight(doc: Doc, section: ReportSection): number {
  const heading = measure(doc, section.heading, HEADING, CONTENT_WIDTH - COUNT_WIDTH) + 2 * RULE_GAP + 2;
  return heading + (section.description ? measure(doc, section.description, DESCRIPTION) : 0) + AFTER_INTRO;
}

/**
 * Draws one section from `y`: its heading is kept with its first record (or its empty text), each record is
 * kept on one page when it fits on one, and records are parted by a hairline. Returns the y below it.
 */
export async function drawReportSection(
  doc: Doc,
  root: Struct,
  section: ReportSection,
  index: number,
  y: number,
  furniture: PageFurniture,
): Promise<{ y: number; anchor: SectionAnchor }> {
  const emptyText = section.emptyText ?? DEFAULT_EMPTY_TEXT;
  const first = section.records[0];
  const firstMetrics = first ? measureRecord(doc, first) : undefined;
  const firstHeight = firstMetrics ? recordLead(firstMetrics) : measure(doc, emptyText, EMPTY);
  if (y > MARGIN.top) y += SECTION_GAP;
  y = startNewPageFor(doc, y, introHeight(doc, section) + firstHeight);

  const anchor = { destination: sectionDestination(index), pageNumber: doc.bufferedPageRange().start + doc.bufferedPageRange().count };
  doc.addNamedDestination(anchor.destination, 'XYZ', MARGIN.left, y, null);
  doc.outline.addItem(section.heading);
  furniture.enterSection(section.heading, y === MARGIN.top);

  const element = open(doc, root, 'Sect');
  y = drawSectionIntro(doc, element, section, y);
  if (!first) {
    tag(doc, element, 'P', () => write(doc, emptyText, MARGIN.left, y, EMPTY));
    element.end();
    return { y: y + measure(doc, emptyText, EMPTY), anchor };
  }
  for (const [recordIndex, record] of section.records.entries()) {
    if (recordIndex % RECORDS_PER_TURN === RECORDS_PER_TURN - 1) await new Promise((resolve) => setImmediate(resolve));
    if (!record.heading && record.fields.length === 0) continue;
    const metrics = recordIndex === 0 && firstMetrics ? firstMetrics : measureRecord(doc, record);
    const separator = recordIndex > 0 ? 2 * RECORD_GAP : 0;
    const keepTogether = metrics.total <= BODY_BOTTOM - MARGIN.top ? metrics.total : recordLead(metrics);
    const top = startNewPageFor(doc, y, separator + keepTogether);
    if (separator > 0 && top === y && y > MARGIN.top) {
      rule(doc, y + RECORD_GAP, COLOUR.hairline);
      y += separator;
    } else {
      y = top;
    }
    y = drawRecord(doc, element, record, metrics, y);
  }
  element.end();
  return { y, anchor };
}
