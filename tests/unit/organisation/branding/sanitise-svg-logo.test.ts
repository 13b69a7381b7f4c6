import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/platform/core/errors';
import { sanitiseSvgLogo } from '@/lib/organisation/branding/sanitise-svg-logo';
import { svgLogoDataUri } from '@/emails/svg-logo';

const wrap = (inner: string, attributes = '') => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;

function issueCode(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return ((error as ValidationError).details.issues as { code: string }[])[0]!.code;
  }
  throw new Error('expected a ValidationError');
}

describe('sanitiseSvgLogo', () => {
  it('keeps a plain logo, with local gradients and style attributes', () => {
    const logo = wrap('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><rect style="fill:#123456;opacity:0.5" fill="url(#g)" width="10" height="10"/>');
    const cleaned = sanitiseSvgLogo(logo);
    expect(cleaned).toContain('linearGradient id="g"');
    expect(cleaned).toContain('fill="url(#g)"');
    expect(cleaned).toContain('style="fill:#123456;opacity:0.5"');
    expect(svgLogoDataUri(cleaned)).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('removes scripts, handlers, foreignObject, javascript: links, external images and fetching styles', () => {
    const cleaned = sanitiseSvgLogo(
      wrap(
        '<script>alert(1)</script><foreignObject><div>x</div></foreignObject><a href="javascript:alert(1)"><circle r="4"/></a>' +
          '<image href="https://evil.test/x.png" width="5" height="5"/><image xlink:href="http://evil.test/y.png"/>' +
          '<style>@import url(https://evil.test/a.css);</style><rect style="fill:url(https://evil.test/t)" width="1" height="1"/>' +
          '<rect fill="url(https://evil.test/p)" width="2" height="2"/><circle onclick="alert(2)" r="1"/>',
        ' xmlns:xlink="http://www.w3.org/1999/xlink" onload="alert(1)"',
      ),
    );
    for (const bad of ['script', 'onload', 'onclick', 'foreignObject', 'javascript:', 'evil.test', '@import']) expect(cleaned).not.toContain(bad);
    expect(cleaned).toContain('<circle r="4">');
    expect(svgLogoDataUri(cleaned)).not.toBeNull();
  });

  // Issue 11, finding 8: CSS fetches without a plain url(): image-set("…"), and url() behind CSS escapes.
  it('removes every <style> element and any attribute whose CSS could fetch', () => {
    const cleaned = sanitiseSvgLogo(
      wrap(
        '<style>.a{fill:#123456}</style><style>rect{background:image-set("http://evil.test/a.png" 1x)}</style>' +
          '<style>rect{background:u\\72l(http://evil.test/b.png)}</style><style>@font-face{font-family:x;src:url(http://evil.test/f.woff)}</style>' +
          '<rect class="a" style="background:-webkit-image-set(\'http://evil.test/c.png\' 1x)" width="1" height="1"/>' +
          '<rect style="fill:u\\72l(http://evil.test/d)" width="1" height="1"/><rect style="cursor:image(\'http://evil.test/e\')" width="1" height="1"/>' +
          '<rect style="background:src(\'http://evil.test/f\')" width="1" height="1"/><rect fill="u\\rl(http://evil.test/g)" width="1" height="1"/>' +
          '<rect style="width:expression(alert(1))" width="1" height="1"/><circle r="4" fill="#abcdef"/>',
      ),
    );
    for (const bad of ['<style', 'style=', 'evil.test', 'image-set', '\\', 'expression', '@font-face']) expect(cleaned).not.toContain(bad);
    expect(cleaned).toContain('<circle r="4" fill="#abcdef">');
    expect(svgLogoDataUri(cleaned)).not.toBeNull();
  });

  it('refuses what is not an SVG document, or too large', () => {
    expect(issueCode(() => sanitiseSvgLogo('hello'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo('<div><svg></svg></div>'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo('<svg xmlns="http://www.w3.org/2000/svg"><rect/></svg><p>trailing text</p>'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo(wrap(`<!--${'x'.repeat(70 * 1024)}-->`)))).toBe('too_big');
  });

  it('refuses more than one root element, a root that is not an SVG <svg>, and malformed XML', () => {
    expect(issueCode(() => sanitiseSvgLogo(`${wrap('<rect/>')}<script>alert(1)</script>`))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo(`${wrap('<rect/>')}${wrap('<circle r="1"/>')}`))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo(`${wrap('<rect/>')} trailing`))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo('<svg><rect/></svg>'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo('<html xmlns="http://www.w3.org/1999/xhtml"><svg xmlns="http://www.w3.org/2000/svg"/></html>'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo(wrap('<rect>')))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo(`<!DOCTYPE svg [<!ENTITY a "aaaa">]>${wrap('&a;')}`))).toBe('unsafe_svg');
    expect(sanitiseSvgLogo(`<?xml version="1.0"?>\n<!-- exported -->\n${wrap('<rect/>')}`)).toBe(wrap('<rect></rect>'));
  });
});
