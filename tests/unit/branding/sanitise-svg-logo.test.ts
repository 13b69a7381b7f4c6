import { describe, expect, it } from 'vitest';
import { ValidationError } from '@/lib/core/errors';
import { sanitiseSvgLogo } from '@/lib/branding/sanitise-svg-logo';
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
  it('keeps a plain logo, with local gradients and styles', () => {
    const logo = wrap('<defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><style>.a{fill:#123456}</style><rect class="a" fill="url(#g)" width="10" height="10"/>');
    const cleaned = sanitiseSvgLogo(logo);
    expect(cleaned).toContain('linearGradient id="g"');
    expect(cleaned).toContain('fill="url(#g)"');
    expect(cleaned).toContain('.a{fill:#123456}');
    expect(svgLogoDataUri(cleaned)).toMatch(/^data:image\/svg\+xml;base64,/);
  });

  it('removes scripts, handlers, foreignObject, javascript: links, external images and fetching styles', () => {
    const cleaned = sanitiseSvgLogo(
      wrap(
        '<script>alert(1)</script><foreignObject><div>x</div></foreignObject><a href="javascript:alert(1)"><circle r="4"/></a>' +
          '<image href="https://evil.test/x.png" width="5" height="5"/><image xlink:href="http://evil.test/y.png"/>' +
          '<style>@import url(https://evil.test/a.css);</style><rect style="fill:url(https://evil.test/t)" width="1" height="1"/>' +
          '<rect fill="url(https://evil.test/p)" width="2" height="2"/><circle onclick="alert(2)" r="1"/>',
        ' onload="alert(1)"',
      ),
    );
    for (const bad of ['script', 'onload', 'onclick', 'foreignObject', 'javascript:', 'evil.test', '@import']) expect(cleaned).not.toContain(bad);
    expect(cleaned).toContain('<circle r="4">');
    expect(svgLogoDataUri(cleaned)).not.toBeNull();
  });

  it('refuses what is not an SVG document, or too large', () => {
    expect(issueCode(() => sanitiseSvgLogo('hello'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo('<div><svg></svg></div>'))).toBe('not_svg');
    expect(issueCode(() => sanitiseSvgLogo('<svg><rect/></svg><p>trailing text</p>'))).toBe('not_svg');
    expect(sanitiseSvgLogo('<svg><rect/></svg><script>alert(1)</script>')).toBe('<svg><rect></rect></svg>');
    expect(issueCode(() => sanitiseSvgLogo(wrap(`<!--${'x'.repeat(70 * 1024)}-->`)))).toBe('too_big');
  });
});
