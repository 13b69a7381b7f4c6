import { describe, expect, inject, it } from 'vitest';
import { type ApiResponse, call } from '../../../support/api';

// Issue 11, finding 7: no Content-Security-Policy and no HSTS anywhere.
const https = { 'x-forwarded-proto': 'https' };

function policyOf(response: ApiResponse): Map<string, string> {
  const header = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim())
      .filter(Boolean)
      .map((directive) => {
        const [name, ...values] = directive.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

function nonceOf(response: ApiResponse): string {
  const nonce = /'nonce-([A-Za-z0-9+/=]+)'/.exec(policyOf(response).get('script-src') ?? '')?.[1];
  expect(nonce).toBeDefined();
  return nonce!;
}

function expectStaticHeaders(response: ApiResponse): void {
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(response.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=()');
}

describe('security headers on pages', () => {
  it('sends a nonce-based policy, and every script of the page carries that nonce', async () => {
    const response = await call('GET', '/login', { tenant: 'acme' });
    expect(response.status).toBe(200);
    const policy = policyOf(response);
    const nonce = nonceOf(response);
    expect(Object.fromEntries(policy)).toEqual({
      'default-src': "'self'",
      'script-src': `'self' 'nonce-${nonce}' 'strict-dynamic'`,
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data: blob:",
      'font-src': "'self'",
      'connect-src': "'self'",
      'object-src': "'none'",
      'base-uri': "'self'",
      'form-action': `'self' ${new URL(inject('oidcIssuer')).origin}`,
      'frame-ancestors': "'none'",
    });
    const scripts = response.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    expectStaticHeaders(response);
  });

  it('uses a fresh nonce on every request', async () => {
    const [first, second] = await Promise.all([call('GET', '/login', { tenant: 'acme' }), call('GET', '/login', { tenant: 'acme' })]);
    expect(nonceOf(first)).not.toBe(nonceOf(second));
  });

  it('renders the 404 page per request too, so its scripts carry the nonce', async () => {
    const response = await call('GET', '/no-such-page', { tenant: 'acme' });
    expect(response.status).toBe(404);
    const nonce = nonceOf(response);
    const scripts = response.text.match(/<script\b[^>]*>/g) ?? [];
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });

  it('lets only the API reference start a worker from a blob', async () => {
    const docs = await call('GET', '/docs');
    expect(docs.status).toBe(200);
    expect(policyOf(docs).get('worker-src')).toBe("'self' blob:");
    expect(policyOf(docs).get('script-src')).toContain("'strict-dynamic'");
    expect(policyOf(await call('GET', '/login', { tenant: 'acme' })).has('worker-src')).toBe(false);
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await call('GET', '/login', { tenant: 'acme' })).headers['strict-transport-security']).toBeUndefined();
    const overTls = await call('GET', '/login', { tenant: 'acme', headers: https });
    expect(overTls.headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});

describe('security headers on the API', () => {
  it('sends a deny-all policy on JSON responses, errors included', async () => {
    for (const response of [await call('GET', '/api/health'), await call('GET', '/api/v1/assets', { tenant: 'acme' }), await call('GET', '/api/openapi.json')]) {
      expect(response.headers['content-type']).toContain('json');
      expect(response.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expectStaticHeaders(response);
    }
  });

  it('sends HSTS only when the request came over HTTPS', async () => {
    expect((await call('GET', '/api/health')).headers['strict-transport-security']).toBeUndefined();
    expect((await call('GET', '/api/health', { headers: https })).headers['strict-transport-security']).toBe('max-age=63072000; includeSubDomains');
  });
});
