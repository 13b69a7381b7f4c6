import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type Font, create } from 'fontkit';

/**
 * Noto Sans (SIL Open Font License 1.1), shipped as full TTFs by an npm package. PDF's built-in Helvetica only
 * knows WinAnsi, so names such as "Łukasiewicz", "Ярослава" or "Γιώργος" need an embedded Unicode font;
 * pdfkit embeds only the glyphs a document uses.
 */
const FONT_PACKAGE = '@expo-google-fonts/noto-sans';
const FONT_FILES = { regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' } as const;

export type ReportFonts = { regular: Font; bold: Font };

let loaded: ReportFonts | undefined;

function openFont(directory: string, file: string): Font {
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
    const packageJson = createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ `${FONT_PACKAGE}/package.json`);
    const directory = path.dirname(packageJson);
    loaded = { regular: openFont(directory, FONT_FILES.regular), bold: openFont(directory, FONT_FILES.bold) };
  }
  return loaded;
}
