import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Font, create } from 'fontkit';

/**
 * Noto Sans (SIL Open Font License 1.1) prints the text; DejaVu Sans (Bitstream Vera licence, free to embed)
 * prints the characters Noto Sans lacks, such as arrows (the audit log's "old → new"), ≤ ≥ ≠ and ✓. Both come
 * from npm packages as full TTFs. PDF's built-in Helvetica only knows WinAnsi, so names such as "Łukasiewicz",
 * "Ярослава" or "Γιώργος" need an embedded Unicode font; pdfkit embeds only the glyphs a document uses.
 */
const FONT_FILES = {
  regular: ['@expo-google-fonts/noto-sans', '400Regular/NotoSans_400Regular.ttf'],
  bold: ['@expo-google-fonts/noto-sans', '700Bold/NotoSans_700Bold.ttf'],
  fallbackRegular: ['dejavu-fonts-ttf', 'ttf/DejaVuSans.ttf'],
  fallbackBold: ['dejavu-fonts-ttf', 'ttf/DejaVuSans-Bold.ttf'],
} as const;

export type ReportFonts = {
  regular: Font;
  bold: Font;
  fallbackRegular: Font;
  fallbackBold: Font;
  /** Whether the main font (Noto Sans) has a glyph for a code point. */
  covers: (codePoint: number) => boolean;
};

let loaded: ReportFonts | undefined;

function openFont([packageName, file]: readonly [string, string]): Font {
  const require = createRequire(import.meta.url);
  const directory = path.dirname(require.resolve(/* turbopackIgnore: true */ `${packageName}/package.json`));
  const font = create(readFileSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ directory, file)));
  if (!('layout' in font)) throw new Error(`${file} is a font collection, not a font`);
  return font;
}

/**
 * The fonts, parsed once per process and shared by every document: fontkit reads a font's layout tables on its
 * first text, about 0.1 s each, which would otherwise be paid by every report. pdfkit keeps each document's
 * glyph subset on its own.
 *
 * The files are read from node_modules. The bundler must not see these calls: Turbopack would replace the
 * resolve with a module id and trace the whole project for the reads. next.config.ts lists the files for the
 * server output's trace instead.
 */
export function loadReportFonts(): ReportFonts {
  if (!loaded) {
    const regular = openFont(FONT_FILES.regular);
    const covered = new Set(regular.characterSet);
    loaded = {
      regular,
      bold: openFont(FONT_FILES.bold),
      fallbackRegular: openFont(FONT_FILES.fallbackRegular),
      fallbackBold: openFont(FONT_FILES.fallbackBold),
      covers: (codePoint) => covered.has(codePoint),
    };
  }
  return loaded;
}
