import { type Doc, type TextStyle, setStyle } from './report-pdf-writer';

/**
 * A number printed on a page before it is known, such as the page total in "Page 3 of 120" or a section's page
 * in the contents. Each page is written out as soon as it is full, so nothing can be drawn on it later; instead
 * the page shows a PDF form XObject whose content (the number) is written once the layout is done.
 *
 * pdfkit 0.20 has no API for form XObjects, so this reads the current font object (its `_font`) to encode the
 * digits as glyph ids of the embedded subset. tests/unit/privacy/reports/render-report-pdf.test.ts reads the numbers
 * back with pdftotext, so a pdfkit upgrade that changes these internals fails there.
 */
type EmbeddedFontInternals = {
  id: string;
  ascender: number;
  descender: number;
  ref(): PDFKit.PDFKitReference;
  encode(text: string): [string[], unknown[]];
  widthOfString(text: string, size: number): number;
};

export type LateNumber = { name: string; form: PDFKit.PDFKitReference; width: number; align: 'left' | 'right'; style: TextStyle };

let formCount = 0;

function fontOf(doc: Doc, style: TextStyle): EmbeddedFontInternals {
  return (setStyle(doc, style) as unknown as { _font: EmbeddedFontInternals })._font;
}

/** A box `width` wide for a number in `style`, right- or left-aligned inside it. */
export function createLateNumber(doc: Doc, style: TextStyle, width: number, align: 'left' | 'right'): LateNumber {
  const font = fontOf(doc, style);
  const scale = style.size / 1000;
  formCount += 1;
  const form = doc.ref({
    Type: 'XObject',
    Subtype: 'Form',
    BBox: [0, font.descender * scale, width, font.ascender * scale],
    Resources: { Font: { [font.id]: font.ref() } },
  });
  return { name: `LateNumber${formCount}`, form, width, align, style };
}

/** Shows the number's box on the current page with its top-left corner at (x, y), as text drawn there would be. */
export function placeLateNumber(doc: Doc, late: LateNumber, x: number, y: number): void {
  const font = fontOf(doc, late.style);
  const baseline = y + (font.ascender / 1000) * late.style.size;
  doc.page.xobjects[late.name] = late.form;
  // pdfkit's page space has y growing downwards; flip back so the form's text stands upright.
  doc.addContent(`q 1 0 0 -1 ${x.toFixed(2)} ${baseline.toFixed(2)} cm /${late.name} Do Q`);
}

function rgb(hex: string): string {
  return [1, 3, 5].map((at) => (parseInt(hex.slice(at, at + 2), 16) / 255).toFixed(3)).join(' ');
}

/** Writes the number into its box; every page that shows the box shows it. Call before doc.end(). */
export function fillLateNumber(doc: Doc, late: LateNumber, value: number): void {
  const font = fontOf(doc, late.style);
  const text = String(value);
  const [glyphs] = font.encode(text);
  const dx = late.align === 'right' ? late.width - font.widthOfString(text, late.style.size) : 0;
  const colour = rgb(late.style.colour ?? '#000000');
  late.form.end(`BT /${font.id} ${late.style.size} Tf ${colour} rg 1 0 0 1 ${dx.toFixed(2)} 0 Tm <${glyphs.join('')}> Tj ET`);
}
