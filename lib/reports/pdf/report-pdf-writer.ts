import { BODY_BOTTOM, COLOUR, CONTENT_WIDTH, FONT, LINE_GAP, MARGIN } from './report-pdf-style';

export type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

export type TextStyle = { bold?: boolean; size: number; colour?: string };

export function setStyle(doc: Doc, style: TextStyle): Doc {
  return doc
    .font(style.bold ? FONT.bold : FONT.regular)
    .fontSize(style.size)
    .fillColor(style.colour ?? COLOUR.text);
}

/**
 * Text as it is printed: tabs become spaces, and control characters that stored values may carry (NUL, form
 * feed, …) are dropped, since the font would draw each as an empty box.
 */
function printable(text: string): string {
  return text.replace(/\t/g, ' ').replace(/[\u0000-\u0009\u000b-\u001f\u007f\ufeff]/g, '');
}

/** Height of text wrapped to `width`, in the style it will be drawn in. */
export function measure(doc: Doc, text: string, style: TextStyle, width = CONTENT_WIDTH): number {
  return setStyle(doc, style).heightOfString(printable(text), { width, lineGap: LINE_GAP });
}

/**
 * Draws wrapped text at (x, y). pdfkit carries text that runs past the bottom margin over to a new page itself;
 * callers keep blocks together with startNewPageFor before drawing.
 */
export function write(doc: Doc, text: string, x: number, y: number, style: TextStyle, options: PDFKit.Mixins.TextOptions = {}): void {
  setStyle(doc, style).text(printable(text), x, y, { width: CONTENT_WIDTH - (x - MARGIN.left), lineGap: LINE_GAP, ...options });
}

/**
 * Adds `type` as a tagged structure element under `parent` and draws its content inside it, so screen readers
 * read the document in order. The content is drawn as soon as the element is attached.
 */
export function tag(doc: Doc, parent: Struct, type: string, draw: () => void): void {
  parent.add(doc.struct(type, {}, draw));
}

/** A container element (section, record, list) whose children are added later; end() it when done. */
export function open(doc: Doc, parent: Struct, type: string): Struct {
  const element = doc.struct(type);
  parent.add(element);
  return element;
}

/** The named destination of a section, which its contents row links to. */
export function sectionDestination(index: number): string {
  return `section-${index + 1}`;
}

const pageBreakHandlers = new WeakMap<Doc, () => void>();

/** Runs `finish` before each page break this module makes: it completes and writes out the pages so far. */
export function onPageBreak(doc: Doc, finish: () => void): void {
  pageBreakHandlers.set(doc, finish);
}

export function newPage(doc: Doc): number {
  pageBreakHandlers.get(doc)?.();
  doc.addPage();
  return MARGIN.top;
}

/** Less room than this at the bottom of a page is not worth starting a block that will flow on anyway. */
const MIN_ROOM = 48;

/**
 * Starts a new page when a block of `height` does not fit below `y` but would fit on an empty page, so records
 * are not split. A block taller than a page starts where it is (or on a new page when little room is left) and
 * flows on. Returns the y to draw at.
 */
export function startNewPageFor(doc: Doc, y: number, height: number): number {
  if (y + height <= BODY_BOTTOM || y <= MARGIN.top) return y;
  if (height > BODY_BOTTOM - MARGIN.top && BODY_BOTTOM - y >= MIN_ROOM) return y;
  return newPage(doc);
}

/** A horizontal rule across the text column; decoration, so marked as an artifact that screen readers skip. */
export function rule(doc: Doc, y: number, colour: string, width = 0.5): void {
  doc.markContent('Artifact', { type: 'Layout' });
  doc.save().moveTo(MARGIN.left, y).lineTo(MARGIN.left + CONTENT_WIDTH, y).lineWidth(width).strokeColor(colour).stroke().restore();
  doc.endMarkedContent();
}

/** "no records", "1 record", "10,000 records". */
export function formatRecordCount(count: number): string {
  if (count === 0) return 'no records';
  return count === 1 ? '1 record' : `${count.toLocaleString('en-GB')} records`;
}
