import { describe, expect, it } from 'vitest';
import { call } from '../../support/api';

// Issue 11, finding 16: the reference is Redoc, from this server, never a CDN (prerendered by `npm run build`, issue 24).
describe('/docs (ENABLE_API_DOCS=true)', () => {
  it('serves the page that loads Redoc from this server', async () => {
    const page = await call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('API reference');
    expect(page.text).not.toMatch(/cdn\.|unpkg|jsdelivr/);
  });

  it("runs the prerendered page's scripts under the request's nonce, and loads nothing from elsewhere", async () => {
    const page = await call('GET', '/docs');
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers['content-security-policy']))?.[1];
    expect(nonce).toBeTruthy();
    const tags = page.text.match(/<(?:script\b|link rel="modulepreload")[^>]*>/g) ?? [];
    expect(tags.length).toBeGreaterThanOrEqual(3);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    expect(page.text).toContain('import { hydrate } from "/docs/redoc.standalone.js"');
    expect(page.text).not.toMatch(/<(?:script|link|img|iframe)\b[^>]*\b(?:src|href)="(?:https?:)?\/\//);
  });

  it('serves the pinned Redoc bundle, without its one reference to a CDN', async () => {
    const bundle = await call('GET', '/docs/redoc.standalone.js');
    expect(bundle.status).toBe(200);
    expect(bundle.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(bundle.text).toContain('Redoc');
    expect(bundle.text.length).toBeGreaterThan(500_000);
    expect(bundle.text).not.toContain('cdn.redoc.ly');
  });
});
