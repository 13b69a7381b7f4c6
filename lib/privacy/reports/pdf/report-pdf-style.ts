/** Page geometry, type sizes and colours of rendered reports (points; A4 is 595.28 × 841.89). */
export const PAGE = { size: 'A4', width: 595.28, height: 841.89 } as const;
export const MARGIN = { top: 66, bottom: 62, left: 56, right: 56 } as const;
export const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
/** Where the body may end: pdfkit's maxY with these margins. */
export const BODY_BOTTOM = PAGE.height - MARGIN.bottom;

export const FONT = { regular: 'NotoSans', bold: 'NotoSans-Bold', fallbackRegular: 'DejaVuSans', fallbackBold: 'DejaVuSans-Bold' } as const;

export const SIZE = {
  title: 22,
  subtitle: 12,
  heading: 15,
  contentsHeading: 13,
  body: 9,
  recordHeading: 9.5,
  label: 8,
  furniture: 8,
} as const;

/** Muted text stays above 7:1 contrast on white, so labels remain readable when printed in grey. */
export const COLOUR = {
  text: '#1a1a1a',
  muted: '#555555',
  accent: '#1f3a5f',
  rule: '#c9d0d8',
  hairline: '#e3e6ea',
} as const;

/** Noto Sans already has generous line spacing (1.36 em), so wrapped lines need little more. */
export const LINE_GAP = 0.5;
/** Field rows: label column, gap, then the value takes the rest of the width. */
export const LABEL_WIDTH = 130;
export const COLUMN_GAP = 12;
export const VALUE_X = MARGIN.left + LABEL_WIDTH + COLUMN_GAP;
export const VALUE_WIDTH = CONTENT_WIDTH - LABEL_WIDTH - COLUMN_GAP;
export const FIELD_GAP = 1;
export const RECORD_GAP = 5;
export const SECTION_GAP = 22;
