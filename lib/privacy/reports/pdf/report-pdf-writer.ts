import { loadReportFonts } from './report-pdf-fonts';
import { BODY_BOTTOM, COLOUR, CONTENT_WIDTH, FONT, LINE_GAP, MARGIN } from './report-pdf-style';

export type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

export type TextStyle = { bold?: boolean; size: number; colour?: string };

export function setStyle(doc: Doc, style: TextStyle, fallback = false): Doc {
  const font = fallback ? (style.bold ? FONT.fallbackBold : FONT.fallbackRegular) : style.bold ? FONT.bold : FONT.regular;
  return doc
    .font(font)
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

type Run = { text: string; fallback: boolean };

/** Splits text into runs for the main font and runs of characters only the fallback font has. */
function runsOf(text: string): Run[] {
  if (/^[\n\x20-\x7e]*$/.test(text)) return [{ text, fallback: false }];
  const { covers } = loadReportFonts();
  const runs: Run[] = [];
  for (const character of text) {
    const codePoint = character.codePointAt(0) ?? 0;
    const fallback = codePoint !== 0x0a && !covers(codePoint);
    const last = runs.at(-1);
    if (last && last.fallback === fallback) last.text += character;
    else runs.push({ text: character, fallback });
  }
  return runs;
}

/** Characters from the fallback font count as "M", a wide letter, so text never takes more room than measured. */
function measurable(text: string): string {
  return runsOf(printable(text))
    .map((run) => (run.fallback ? 'M'.repeat(run.text.length) : run.text))
    .join('');
}

/** Height of text wrapped to `width`, in the style it will be drawn in. */
export function measure(doc: Doc, text: string, style: TextStyle, width = CONTENT_WIDTH): number {
  return setStyle(doc, style).heightOfString(measurable(text), { width, lineGap: LINE_GAP });
}

/** Width of text on one line, in the style it will be drawn in. */
export function measureWidth(doc: Doc, text: string, style: TextStyle): number {
  return setStyle(doc, style).widthOfString(measurable(text));
}

/**
 * Draws wrapped text at (x, y), switching to the fallback font for the characters the main font lacks. pdfkit
 * carries text that runs past the bottom margin over to a new page itself; callers keep blocks together with
 * startNewPageFor before drawing. Text in two fonts is drawn as pdfkit's continued runs, which only align left:
 * right-aligned text here is always numbers and words in the main font.
 */
export function write(doc: Doc, text: string, x: number, y: number, style: TextStyle, options: PDFKit.Mixins.TextOptions = {}): void {
  const base = { width: CONTENT_WIDTH - (x - MARGIN.left), lineGap: LINE_GAP, ...options };
  const runs = runsOf(printable(text));
  if (runs.length <= 1) {
    setStyle(doc, style, runs[0]?.fallback).text(runs[0]?.text ?? '', x, y, base);
    return;
  }
  runs.forEach((run, index) => {
    const runOptions = { ...base, continued: index < runs.length - 1 };
    if (index === 0) setStyle(doc, style, run.fallback).text(run.text, x, y, runOptions);
    else setStyle(doc, style, run.fallback).text(run.text, runOptions);
  });
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
