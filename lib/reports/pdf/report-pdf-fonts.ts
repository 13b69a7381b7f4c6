import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Noto Sans (SIL Open Font License 1.1), shipped as full TTFs by an npm package. PDF's built-in Helvetica only
 * knows WinAnsi, so names such as "Łukasiewicz", "Ярослава" or "Γιώργος" need an embedded Unicode font;
 * pdfkit embeds only the glyphs a document uses.
 */
const FONT_PACKAGE = '@expo-google-fonts/noto-sans';
const FONT_FILES = { regular: '400Regular/NotoSans_400Regular.ttf', bold: '700Bold/NotoSans_700Bold.ttf' } as const;

export type ReportFonts = { regular: Buffer; bold: Buffer };

let loaded: ReportFonts | undefined;

/** The font files, read once per process. Resolved through node_modules at run time (next.config.ts keeps them out of the bundle). */
export function loadReportFonts(): ReportFonts {
  if (!loaded) {
    const directory = path.dirname(createRequire(import.meta.url).resolve(`${FONT_PACKAGE}/package.json`));
    loaded = {
      regular: readFileSync(path.join(directory, FONT_FILES.regular)),
      bold: readFileSync(path.join(directory, FONT_FILES.bold)),
    };
  }
  return loaded;
}
