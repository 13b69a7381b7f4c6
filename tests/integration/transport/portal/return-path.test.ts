import { beforeAll, describe, expect, inject, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, type TestTenant } from '../../../support/factories';
import { sessionCookie } from '../../../support/session';

// Issue 11, finding 1: a signed-in user opening /login?callbackUrl=… is sent on at once; these return
// addresses only normalise to "//evil.example", and once sent the browser left the site.
let tenant: TestTenant;
let cookie: string;

beforeAll(async () => {
  tenant = await createTenant();
  cookie = await sessionCookie(inject('authSecret'), { id: tenant.employee.id, organisationId: tenant.id });
});

const login = (callbackUrl: string) => call('GET', `/login?callbackUrl=${encodeURIComponent(callbackUrl)}`, { tenant: tenant.slug, headers: { cookie } });

describe('GET /login?callbackUrl= for a signed-in user', () => {
  it('follows an address on this site', async () => {
    const response = await login('/assets?q=camera');
    expect(response.status).toBe(307);
    expect(response.headers.location).toBe('/assets?q=camera');
  });

  it.each(['/.//evil.example/phish', '/..//evil.example', '/%2e//evil.example', '/a/..//evil.example', '/%2f%2fevil.example', '/%5cevil.example', '/\t/evil.example', '//evil.example', '/\\evil.example'])(
    'stays on the site for %j',
    async (vector) => {
      const response = await login(vector);
      expect(response.status).toBe(307);
      const host = `${tenant.slug}.localhost:${new URL(inject('baseUrl')).port}`;
      const target = new URL(response.headers.location!, `http://${host}/login`);
      expect(target.host).toBe(host);
      expect(target.pathname).toBe('/dashboard');
    },
  );
});
