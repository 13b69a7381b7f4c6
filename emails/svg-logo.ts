const MAX_LOGO_BYTES = 64 * 1024;

// One <svg> root, optionally after an XML declaration and comments, and nothing after its closing tag.
const SVG_DOCUMENT = /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<svg(?:\s[^>]*)?>[\s\S]*<\/svg>\s*$/i;

// The logo comes from tenant administrators. E-mail clients show it through <img>, where browsers do not
// run scripts, but some clients and webmail previews are laxer; refuse anything active or external rather
// than trying to clean it. DOCTYPE/ENTITY are refused too (entity expansion, external entities), and so is
// CSS that fetches without url() or hides it behind an escape ("u\72l(", image-set("…")), which logos
// stored before the upload check learnt about may still carry.
const FORBIDDEN = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(?:iframe|embed|object|handler|listener)\b/i,
  /<!DOCTYPE|<!ENTITY/i,
  /\son[a-z]+\s*=/i,
  /javascript:/i,
  /@import/i,
  /\\|image(?:-set)?\(|\bsrc\(/i,
];

const REFERENCE = /(?:href|src)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))|url\(\s*(?:"([^"]*)"|'([^']*)'|([^)]*))\)/gi;

/** Only references inside the document (#id) or to embedded raster data, so the logo cannot load anything. */
function isSelfContained(svg: string): boolean {
  for (const match of svg.matchAll(REFERENCE)) {
    const target = match.slice(1).find((group) => group !== undefined)?.trim() ?? '';
    if (!target.startsWith('#') && !/^data:image\/(?:png|jpeg|gif);/i.test(target)) return false;
  }
  return true;
}

/** The logo as a data URI for an <img>, or null when it is not a plain, self-contained SVG document. */
export function svgLogoDataUri(svg: string | undefined | null): string | null {
  if (!svg || Buffer.byteLength(svg, 'utf8') > MAX_LOGO_BYTES) return null;
  if (!SVG_DOCUMENT.test(svg) || FORBIDDEN.some((pattern) => pattern.test(svg)) || !isSelfContained(svg)) return null;
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`;
}
