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

/**
 * The font files, read once per process from node_modules. The bundler must not see these calls: Turbopack
 * would replace the resolve with a module id and trace the whole project for the reads. next.config.ts lists
 * the files for the server output's trace instead.
 */
export function loadReportFonts(): ReportFonts {
  if (!loaded) {
    const packageJson = createRequire(import.meta.url).resolve(/* turbopackIgnore: true */ `${FONT_PACKAGE}/package.json`);
    const directory = path.dirname(packageJson);
    loaded = {
      regular: readFileSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ directory, FONT_FILES.regular)),
      bold: readFileSync(/* turbopackIgnore: true */ path.join(/* turbopackIgnore: true */ directory, FONT_FILES.bold)),
    };
  }
  return loaded;
}
