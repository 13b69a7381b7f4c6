import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { ValidationError } from '@/lib/platform/core/errors';
import { svgLogoDataUri } from '@/emails/svg-logo';

export const MAX_LOGO_BYTES = 64 * 1024;

const SVG_NAMESPACE = 'http://www.w3.org/2000/svg';

// A reference that stays inside the document: "#id" or url(#id). Anything else (http:, data:, javascript:,
// a relative path) would make the logo load or run something when it is shown.
const LOCAL_REFERENCE = /^\s*#[\w.:-]*\s*$/;
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\)/gi;
// CSS that fetches without url(): image-set("…") and -webkit-image-set, image("…"), src("…"), @import. A
// backslash is a CSS escape ("u\72l(" is url(), and no pattern can see through escapes), so any value with
// one goes: a logo has no use for escapes, and refusing them keeps every check here literal.
const FETCHING_CSS = /\\|image(?:-set)?\(|src\(|@import|expression\(/i;

function hasForeignUrl(value: string): boolean {
  for (const match of value.matchAll(URL_FUNCTION)) {
    const target = match.slice(1).find((group) => group !== undefined) ?? '';
    if (!LOCAL_REFERENCE.test(target)) return true;
  }
  return false;
}

let window: JSDOM['window'] | undefined;
let purifier: DOMPurify | undefined;

function getWindow(): JSDOM['window'] {
  window ??= new JSDOM('').window;
  return window;
}

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(getWindow() as unknown as Window & typeof globalThis);
  // Every attribute value is checked, not only style: SVG presentation attributes (fill, cursor, filter, …)
  // are parsed as CSS too.
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href') && !LOCAL_REFERENCE.test(data.attrValue)) data.keepAttr = false;
    else if (FETCHING_CSS.test(data.attrValue) || hasForeignUrl(data.attrValue)) data.keepAttr = false;
  });
  purifier = instance;
  return instance;
}

function invalid(message: string, code: string): ValidationError {
  return new ValidationError(message, { location: 'body', issues: [{ path: 'logoSvg', code, message }] });
}

/**
 * The logo is shown through <img>, where the browser parses it as XML: it must be one well-formed document
 * whose only root is an SVG <svg>. Checked on the upload as sent, so nothing outside that root (a second
 * root, trailing markup) is silently dropped by the cleaning and stored as if it had been a logo.
 */
function assertSingleSvgRoot(svg: string): void {
  // Entity declarations expand (billion laughs) and the render-time check refuses them anyway.
  if (/<!DOCTYPE|<!ENTITY/i.test(svg)) throw invalid('The logo must not contain a DOCTYPE or entity declarations.', 'unsafe_svg');
  const document = new (getWindow().DOMParser)().parseFromString(svg, 'image/svg+xml');
  const root = document.documentElement;
  const parserError = document.getElementsByTagName('parsererror')[0];
  if (parserError) throw invalid(`The logo must be one well-formed SVG document with a single <svg> root element (${parserError.textContent?.trim()}).`, 'not_svg');
  if (root.localName !== 'svg' || root.namespaceURI !== SVG_NAMESPACE) throw invalid(`The logo's root element must be <svg xmlns="${SVG_NAMESPACE}">.`, 'not_svg');
}

/**
 * Cleans an uploaded SVG logo with DOMPurify's SVG profile: no scripts, event handlers, foreignObject,
 * external references, and no CSS that could fetch. <style> elements are removed entirely rather than
 * vetted: a stylesheet offers too many ways to load something (image-set, @font-face, escapes, …) for a
 * pattern to rule out, and a logo can carry its styling in attributes. What is stored is the cleaned
 * document; the render-time check (emails/svg-logo.ts) stays as a second line.
 */
export function sanitiseSvgLogo(svg: string): string {
  if (Buffer.byteLength(svg, 'utf8') > MAX_LOGO_BYTES) throw invalid('The logo must be at most 64 KB.', 'too_big');
  assertSingleSvgRoot(svg);
  const cleaned = getPurifier()
    .sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'script', 'style', 'use'] })
    .trim();
  if (!/^<svg[\s>]/i.test(cleaned) || !cleaned.endsWith('</svg>')) throw invalid('The logo must be a single SVG document.', 'not_svg');
  if (!svgLogoDataUri(cleaned)) throw invalid('The logo cannot be shown safely; export it as a plain SVG without scripts or external references.', 'unsafe_svg');
  return cleaned;
}
