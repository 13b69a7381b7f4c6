import createDOMPurify, { type DOMPurify } from 'dompurify';
import { JSDOM } from 'jsdom';
import { ValidationError } from '@/lib/core/errors';
import { svgLogoDataUri } from '@/emails/svg-logo';

export const MAX_LOGO_BYTES = 64 * 1024;

// A reference that stays inside the document: "#id" or url(#id). Anything else (http:, data:, javascript:,
// a relative path) would make the logo load or run something when it is shown.
const LOCAL_REFERENCE = /^\s*#[\w.:-]*\s*$/;
const URL_FUNCTION = /url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\)/gi;

function hasForeignUrl(value: string): boolean {
  for (const match of value.matchAll(URL_FUNCTION)) {
    const target = match.slice(1).find((group) => group !== undefined) ?? '';
    if (!LOCAL_REFERENCE.test(target)) return true;
  }
  return false;
}

function isUnsafeCss(css: string): boolean {
  return /@import/i.test(css) || hasForeignUrl(css);
}

let purifier: DOMPurify | undefined;

function getPurifier(): DOMPurify {
  if (purifier) return purifier;
  const instance = createDOMPurify(new JSDOM('').window as unknown as Window & typeof globalThis);
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href') && !LOCAL_REFERENCE.test(data.attrValue)) data.keepAttr = false;
    else if (name === 'style' ? isUnsafeCss(data.attrValue) : hasForeignUrl(data.attrValue)) data.keepAttr = false;
  });
  instance.addHook('afterSanitizeElements', (node) => {
    if (node.nodeName.toLowerCase() === 'style' && isUnsafeCss(node.textContent ?? '')) node.parentNode?.removeChild(node);
  });
  purifier = instance;
  return instance;
}

const SVG_ROOT = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg[\s>]/i;

/**
 * Cleans an uploaded SVG logo with DOMPurify's SVG profile: no scripts, event handlers, foreignObject, external
 * references or style that imports or fetches. What is stored is the cleaned document; the render-time check
 * (emails/svg-logo.ts) stays as a second line. Anything that is not an SVG document is refused.
 */
export function sanitiseSvgLogo(svg: string): string {
  const invalid = (message: string, code: string) => new ValidationError(message, { location: 'body', issues: [{ path: 'logoSvg', code, message }] });
  if (Buffer.byteLength(svg, 'utf8') > MAX_LOGO_BYTES) throw invalid('The logo must be at most 64 KB.', 'too_big');
  if (!SVG_ROOT.test(svg)) throw invalid('The logo must be an SVG document (<svg …>…</svg>).', 'not_svg');
  const cleaned = getPurifier()
    .sanitize(svg, { USE_PROFILES: { svg: true, svgFilters: true }, FORBID_TAGS: ['foreignObject', 'script', 'use'] })
    .trim();
  if (!/^<svg[\s>]/i.test(cleaned) || !cleaned.endsWith('</svg>')) throw invalid('The logo must be a single SVG document.', 'not_svg');
  if (!svgLogoDataUri(cleaned)) throw invalid('The logo cannot be shown safely; export it as a plain SVG without scripts or external references.', 'unsafe_svg');
  return cleaned;
}
