import { describe, expect, it } from 'vitest';
import { call } from '../../support/api';

// Issue 11, finding 16: the reference is Redoc, from this server's node_modules, never a CDN.
describe('/docs (ENABLE_API_DOCS=true)', () => {
  it('serves the page that loads Redoc from this server', async () => {
    const page = await call('GET', '/docs');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.text).toContain('API reference');
    expect(page.text).not.toMatch(/cdn\.|unpkg|jsdelivr/);
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
