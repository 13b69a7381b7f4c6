import type { ReportField, ReportRecord } from '../report-model';
import { BODY_BOTTOM, COLOUR, FIELD_GAP, LABEL_WIDTH, MARGIN, SIZE, VALUE_WIDTH, VALUE_X } from './report-pdf-style';
import { type Doc, type Struct, type TextStyle, measure, open, startNewPageFor, tag, write } from './report-pdf-writer';

const HEADING: TextStyle = { bold: true, size: SIZE.recordHeading };
const CONTINUED: TextStyle = { bold: true, size: SIZE.recordHeading, colour: COLOUR.muted };
const LABEL: TextStyle = { size: SIZE.label, colour: COLOUR.muted };
const VALUE: TextStyle = { size: SIZE.body };
const MISSING: TextStyle = { size: SIZE.body, colour: COLOUR.muted };
/** Puts the smaller label on the value's baseline. */
const LABEL_DROP = (SIZE.body - SIZE.label) * 0.9;
const HEADING_GAP = 2;
const NOT_RECORDED = 'Not recorded';

export type RecordMetrics = { heading: number; fields: number[]; total: number };

function valueOf(field: ReportField): { text: string; style: TextStyle } {
  const text = field.value?.replace(/\r\n?/g, '\n').trimEnd() ?? '';
  return text.trim() === '' ? { text: NOT_RECORDED, style: MISSING } : { text, style: VALUE };
}

function measureField(doc: Doc, field: ReportField): number {
  const value = valueOf(field);
  return Math.max(measure(doc, field.label, LABEL, LABEL_WIDTH) + LABEL_DROP, measure(doc, value.text, value.style, VALUE_WIDTH));
}

export function measureRecord(doc: Doc, record: ReportRecord): RecordMetrics {
  const heading = record.heading ? measure(doc, record.heading, HEADING) + HEADING_GAP : 0;
  const fields = record.fields.map((field) => measureField(doc, field));
  return { heading, fields, total: heading + fields.reduce((sum, height) => sum + height + FIELD_GAP, 0) };
}

/** The least of a record that must share a page with its heading: the heading and the first field. */
export function recordLead(metrics: RecordMetrics): number {
  return metrics.heading + (metrics.fields[0] ?? 0);
}

function drawContinuedHeading(doc: Doc, heading: string, y: number): number {
  doc.markContent('Artifact', { type: 'Pagination' });
  write(doc, `${heading} (continued)`, MARGIN.left, y, CONTINUED);
  doc.endMarkedContent();
  return y + measure(doc, `${heading} (continued)`, CONTINUED) + HEADING_GAP;
}

/**
 * Draws a record as a heading over label/value rows from `y`, which the caller has chosen so the record fits
 * when it can. Returns the y below it. Tagged as a heading and one paragraph holding the rows in reading order
 * (label, value, label, value): a list element per row would triple the size of a 10,000-record PDF.
 */
export function drawRecord(doc: Doc, parent: Struct, record: ReportRecord, metrics: RecordMetrics, y: number): number {
  const { heading } = record;
  if (heading) {
    tag(doc, parent, 'H3', () => write(doc, heading, MARGIN.left, y, HEADING));
    y += metrics.heading;
  }
  if (record.fields.length === 0) return y;
  const rows = open(doc, parent, 'P');
  record.fields.forEach((field, index) => {
    const height = metrics.fields[index] ?? 0;
    const top = startNewPageFor(doc, y, height);
    y = top !== y && heading ? drawContinuedHeading(doc, heading, top) : top;
    const page = doc.page;
    const value = valueOf(field);
    const rowTop = y;
    rows.add(() => write(doc, field.label, MARGIN.left, rowTop + LABEL_DROP, LABEL, { width: LABEL_WIDTH }));
    rows.add(() => write(doc, value.text, VALUE_X, rowTop, value.style, { width: VALUE_WIDTH }));
    // A value taller than the rest of the page flowed on to the next one; continue below where it ended.
    y = (doc.page === page ? y + height : Math.min(doc.y, BODY_BOTTOM)) + FIELD_GAP;
  });
  rows.end();
  return y;
}
