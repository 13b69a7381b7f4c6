import { formatDateTime } from '@/lib/platform/format/dates';
import type { ReportModel, ReportSection } from '../report-model';
import { type LateNumber, createLateNumber, fillLateNumber, placeLateNumber } from './late-number';
import { drawRecord, measureRecord } from './draw-report-record';
import { COLOUR, CONTENT_WIDTH, MARGIN, SIZE } from './report-pdf-style';
import { type Doc, type Struct, type TextStyle, formatRecordCount, measure, newPage, open, rule, sectionDestination, startNewPageFor, tag, write } from './report-pdf-writer';

const TITLE: TextStyle = { bold: true, size: SIZE.title, colour: COLOUR.accent };
const SUBTITLE: TextStyle = { size: SIZE.subtitle, colour: COLOUR.muted };
const PARAGRAPH: TextStyle = { size: SIZE.body + 0.5 };
const CONTENTS_HEADING: TextStyle = { bold: true, size: SIZE.contentsHeading, colour: COLOUR.accent };
const COLUMN_HEAD: TextStyle = { size: SIZE.label, colour: COLOUR.muted };
const ROW: TextStyle = { size: SIZE.body };
const ROW_MUTED: TextStyle = { size: SIZE.body, colour: COLOUR.muted };
const PAGE_COLUMN = 40;
const COUNT_COLUMN = 100;
const HEADING_COLUMN = CONTENT_WIDTH - PAGE_COLUMN - COUNT_COLUMN;
const ROW_GAP = 4;

/** A contents row's page number, known once the sections are laid out. */
export type ContentsEntry = LateNumber;

function drawContentsHead(doc: Doc, root: Struct, y: number): number {
  tag(doc, root, 'H2', () => write(doc, 'Contents', MARGIN.left, y, CONTENTS_HEADING));
  y += measure(doc, 'Contents', CONTENTS_HEADING) + 4;
  doc.markContent('Artifact', { type: 'Layout' });
  write(doc, 'Section', MARGIN.left, y, COLUMN_HEAD, { width: HEADING_COLUMN });
  write(doc, 'Records', MARGIN.left + HEADING_COLUMN, y, COLUMN_HEAD, { width: COUNT_COLUMN, align: 'right' });
  write(doc, 'Page', MARGIN.left + HEADING_COLUMN + COUNT_COLUMN, y, COLUMN_HEAD, { width: PAGE_COLUMN, align: 'right' });
  doc.endMarkedContent();
  y += measure(doc, 'Section', COLUMN_HEAD) + 2;
  rule(doc, y, COLOUR.rule, 0.75);
  return y + ROW_GAP;
}

/** One row: the section's heading and page number form a link to it, its record count sits between them. */
function drawContentsRow(doc: Doc, toc: Struct, section: ReportSection, index: number, y: number): ContentsEntry {
  const destination = sectionDestination(index);
  const item = open(doc, toc, 'TOCI');
  const link = open(doc, item, 'Link');
  link.add(() => write(doc, section.heading, MARGIN.left, y, ROW, { width: HEADING_COLUMN - 8 }));
  const count = section.records.length;
  item.add(
    doc.struct('P', {}, () =>
      write(doc, formatRecordCount(count), MARGIN.left + HEADING_COLUMN, y, count === 0 ? ROW_MUTED : ROW, { width: COUNT_COLUMN, align: 'right' }),
    ),
  );
  const page = createLateNumber(doc, ROW, PAGE_COLUMN, 'right');
  const pageLink = open(doc, item, 'Link');
  pageLink.add(() => placeLateNumber(doc, page, MARGIN.left + HEADING_COLUMN + COUNT_COLUMN, y));
  const height = measure(doc, section.heading, ROW, HEADING_COLUMN - 8);
  doc.goTo(MARGIN.left, y, HEADING_COLUMN - 8, height, destination, { structParent: link } as PDFKit.Mixins.AnnotationOption);
  doc.goTo(MARGIN.left + HEADING_COLUMN + COUNT_COLUMN, y, PAGE_COLUMN, height, destination, { structParent: pageLink } as PDFKit.Mixins.AnnotationOption);
  link.end();
  pageLink.end();
  item.end();
  return page;
}

function drawContents(doc: Doc, root: Struct, model: ReportModel, y: number): ContentsEntry[] {
  y = drawContentsHead(doc, root, startNewPageFor(doc, y, 80));
  const toc = open(doc, root, 'TOC');
  const entries = model.sections.map((section, index) => {
    const height = measure(doc, section.heading, ROW, HEADING_COLUMN - 8);
    y = startNewPageFor(doc, y, height + ROW_GAP);
    const entry = drawContentsRow(doc, toc, section, index, y);
    y += height + ROW_GAP;
    rule(doc, y - ROW_GAP / 2, COLOUR.hairline);
    return entry;
  });
  toc.end();
  return entries;
}

/**
 * Page 1: title, subtitle, who and what the report is about, the intro paragraphs and the contents. The sections
 * start on the next page. The contents' page numbers are filled in by fillContentsPages once they are known.
 */
export function drawReportCover(doc: Doc, root: Struct, model: ReportModel): ContentsEntry[] {
  let y = MARGIN.top + 6;
  tag(doc, root, 'H1', () => write(doc, model.title, MARGIN.left, y, TITLE));
  y += measure(doc, model.title, TITLE) + 2;
  const { subtitle } = model;
  if (subtitle) {
    tag(doc, root, 'P', () => write(doc, subtitle, MARGIN.left, y, SUBTITLE));
    y += measure(doc, subtitle, SUBTITLE);
  }
  y += 16;
  const facts = {
    fields: [
      { label: 'Prepared for', value: model.subjectName },
      { label: 'Organisation', value: model.organisationName },
      { label: 'Generated', value: formatDateTime(model.generatedAt) },
    ],
  };
  y = drawRecord(doc, root, facts, measureRecord(doc, facts), y) + 14;
  for (const paragraph of model.intro ?? []) {
    const height = measure(doc, paragraph, PARAGRAPH);
    const top = startNewPageFor(doc, y, height);
    tag(doc, root, 'P', () => write(doc, paragraph, MARGIN.left, top, PARAGRAPH));
    y = top + height + 6;
  }
  if (model.sections.length === 0) return [];
  const contents = drawContents(doc, root, model, y + 14);
  newPage(doc);
  return contents;
}

/** Fills in each contents row's page number (1-based) now that the sections are laid out. */
export function fillContentsPages(doc: Doc, contents: ContentsEntry[], sectionPages: number[]): void {
  contents.forEach((entry, index) => fillLateNumber(doc, entry, sectionPages[index] ?? 0));
}
