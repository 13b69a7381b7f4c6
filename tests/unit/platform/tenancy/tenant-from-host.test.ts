import { describe, expect, it } from 'vitest';
import { decodeTenantKey, encodeTenantKey, isValidSlug, type TenantKey, tenantFromHost } from '@/lib/platform/tenancy/tenant-from-host';

type Options = { webDomain?: string; demoMode?: boolean; tenantParam?: string | null; demoCookie?: string | null };

function resolve(host: string | null, { webDomain = 'localhost', demoMode = false, tenantParam = null, demoCookie = null }: Options = {}) {
  return tenantFromHost({ host, tenantParam, demoCookie }, { webDomain, demoMode });
}

describe('tenantFromHost with WEB_DOMAIN=localhost', () => {
  it.each([
    ['acme.localhost', 'acme'],
    ['acme.localhost:3000', 'acme'],
    ['ACME.LocalHost:3000', 'acme'],
    ['  acme.localhost  ', 'acme'],
    ['acme.localhost.', 'acme'],
    ['acme.localhost.:3000', 'acme'],
    ['t-0a1b2c3d4e.localhost', 't-0a1b2c3d4e'],
    ['xn--bcher-kva.localhost', 'xn--bcher-kva'],
    [`${'a'.repeat(63)}.localhost`, 'a'.repeat(63)],
  ])('reads the sub-domain of %j as slug %j', (host, slug) => {
    expect(resolve(host)).toEqual({ slug });
  });

  it.each(['www', 'api', 'app', 'admin', 'auth', 'WWW'])('never serves the reserved sub-domain %s', (sub) => {
    expect(resolve(`${sub}.localhost:3000`)).toBeNull();
  });

  it.each([
    ['a nested sub-domain', 'a.acme.localhost'],
    ['a leading hyphen', '-acme.localhost'],
    ['a trailing hyphen', 'acme-.localhost'],
    ['an underscore', 'ac_me.localhost'],
    ['a label of 64 characters', `${'a'.repeat(64)}.localhost`],
    ['an empty label', '.localhost'],
    ['a percent-encoded label', 'ac%6De.localhost'],
  ])('refuses %s', (_name, host) => {
    expect(resolve(host)).toBeNull();
  });

  it.each([
    ['the apex host', 'localhost'],
    ['the apex host with a port', 'localhost:3000'],
    ['an IPv4 address', '127.0.0.1'],
    ['an IPv4 address with a port', '10.1.2.3:8080'],
    ['IPv6 loopback', '[::1]'],
    ['IPv6 loopback with a port', '[::1]:3000'],
    ['a malformed IPv6 literal', '[::1'],
    ['an empty Host', ''],
    ['no Host at all', null],
  ])('finds no tenant on %s', (_name, host) => {
    expect(resolve(host)).toBeNull();
  });

  it.each([
    ['assets.example-corp.test', 'assets.example-corp.test'],
    ['Assets.Example-Corp.TEST:443', 'assets.example-corp.test'],
    ['assets.example-corp.test.', 'assets.example-corp.test'],
    ['example.com', 'example.com'],
  ])('treats %j as the custom domain %j', (host, domain) => {
    expect(resolve(host)).toEqual({ domain });
  });
});

describe('tenantFromHost with WEB_DOMAIN=quartermaster.app', () => {
  const webDomain = 'quartermaster.app';

  it('reads sub-domains of the configured domain, whatever its case', () => {
    expect(resolve('acme.quartermaster.app', { webDomain })).toEqual({ slug: 'acme' });
    expect(resolve('acme.QuarterMaster.App:443', { webDomain: 'Quartermaster.APP' })).toEqual({ slug: 'acme' });
  });

  it('finds no tenant on the apex, on *.localhost or on IPs', () => {
    for (const host of ['quartermaster.app', 'acme.localhost', 'localhost', '192.168.0.1', '[2001:db8::1]:443']) {
      expect(resolve(host, { webDomain }), host).toBeNull();
    }
  });

  it('does not take a look-alike host for a sub-domain of the web domain', () => {
    expect(resolve('acme.quartermaster.app.evil.test', { webDomain })).toEqual({ domain: 'acme.quartermaster.app.evil.test' });
    expect(resolve('evilquartermaster.app', { webDomain })).toEqual({ domain: 'evilquartermaster.app' });
  });

  it('never treats a reserved or invalid sub-domain of the web domain as a custom domain', () => {
    expect(resolve('www.quartermaster.app', { webDomain })).toBeNull();
    expect(resolve('a.b.quartermaster.app', { webDomain })).toBeNull();
  });
});

describe('tenantFromHost in demo mode', () => {
  it('ignores ?tenant= and the demo cookie when demo mode is off', () => {
    expect(resolve('localhost:3000', { tenantParam: 'acme' })).toBeNull();
    expect(resolve('localhost:3000', { demoCookie: 'acme' })).toBeNull();
  });

  it('selects the tenant from ?tenant=, lower-cased, on a host without a tenant', () => {
    expect(resolve('localhost:3000', { demoMode: true, tenantParam: 'acme' })).toEqual({ slug: 'acme' });
    expect(resolve('127.0.0.1:3000', { demoMode: true, tenantParam: 'ACME' })).toEqual({ slug: 'acme' });
  });

  it('falls back to the demo cookie, and prefers ?tenant= over it', () => {
    expect(resolve('localhost', { demoMode: true, demoCookie: 'globex' })).toEqual({ slug: 'globex' });
    expect(resolve('localhost', { demoMode: true, tenantParam: 'acme', demoCookie: 'globex' })).toEqual({ slug: 'acme' });
  });

  it('lets the host win over ?tenant= and the cookie', () => {
    expect(resolve('acme.localhost', { demoMode: true, tenantParam: 'globex', demoCookie: 'globex' })).toEqual({ slug: 'acme' });
    expect(resolve('assets.example-corp.test', { demoMode: true, tenantParam: 'globex' })).toEqual({ domain: 'assets.example-corp.test' });
  });

  it.each(['www', '../acme', 'acme.localhost', 'ac me', '', '-x', 'slug:acme'])('refuses the invalid demo tenant %j', (tenantParam) => {
    expect(resolve('localhost', { demoMode: true, tenantParam })).toBeNull();
    expect(resolve('localhost', { demoMode: true, demoCookie: tenantParam })).toBeNull();
  });
});

describe('encodeTenantKey and decodeTenantKey', () => {
  it.each<[TenantKey, string]>([
    [{ slug: 'acme' }, 'slug:acme'],
    [{ domain: 'assets.example-corp.test' }, 'domain:assets.example-corp.test'],
  ])('round-trips %j as %j', (key, encoded) => {
    expect(encodeTenantKey(key)).toBe(encoded);
    expect(decodeTenantKey(encoded)).toEqual(key);
  });

  it.each([null, '', 'acme', 'slug:', 'slug:www', 'slug:Acme', 'slug:a.b', 'domain:', 'host:acme', ':acme'])('decodes %j to no tenant', (value) => {
    expect(decodeTenantKey(value)).toBeNull();
  });

  it('keeps everything after the first colon of a domain key', () => {
    expect(decodeTenantKey('domain:a.test:8443')).toEqual({ domain: 'a.test:8443' });
  });
});

describe('isValidSlug', () => {
  it('accepts DNS labels and refuses reserved names', () => {
    expect(['a', 'acme', 'a-b', '0day', 'x'.repeat(63)].every(isValidSlug)).toBe(true);
    expect(['', 'www', 'api', 'A', 'a_b', '-a', 'a-', 'x'.repeat(64), 'a.b'].some(isValidSlug)).toBe(false);
  });
});
