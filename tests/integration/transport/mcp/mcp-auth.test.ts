import { discoverOAuthProtectedResourceMetadata, extractWWWAuthenticateParams, UnauthorizedError } from '@modelcontextprotocol/client';
import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, type TestTenant } from '../../../support/factories';
import { connectMcp, mcpUrl, tenantFetch } from '../../../support/mcp-client';

// What a 2025-era client sends first: the initialize request of the Streamable HTTP transport.
const initialize = {
  jsonrpc: '2.0',
  id: 1,
  method: 'initialize',
  params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw-test', version: '1.0.0' } },
};
const mcpHeaders = { accept: 'application/json, text/event-stream' };

let a: TestTenant;
let b: TestTenant;
let origin: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  origin = `http://${a.slug}.localhost:${new URL(inject('baseUrl')).port}`;
});

describe('MCP server: authentication', () => {
  it('no token: 401 UNAUTHENTICATED whose challenge names the protected-resource metadata (RFC 9728)', async () => {
    const response = await call('POST', '/api/mcp', { tenant: a.slug, json: initialize, headers: mcpHeaders });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(response.body.error.details).toEqual({ reason: 'missing_token' });
    expect(response.headers['www-authenticate']).toBe(`Bearer resource_metadata="${origin}/.well-known/oauth-protected-resource/api/mcp"`);
    expect(response.headers['x-ratelimit-limit']).toBeDefined();
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("the SDK's client is refused without a token and finds the metadata from the challenge", async () => {
    await expect(connectMcp(a.slug, null)).rejects.toThrow();
    const response = await tenantFetch(mcpUrl(a.slug), { method: 'POST', headers: { 'content-type': 'application/json', ...mcpHeaders }, body: JSON.stringify(initialize) });
    expect(response.status).toBe(401);
    const { resourceMetadataUrl, error } = extractWWWAuthenticateParams(response);
    expect(error).toBeUndefined();
    expect(resourceMetadataUrl?.href).toBe(`${origin}/.well-known/oauth-protected-resource/api/mcp`);
    const metadata = await discoverOAuthProtectedResourceMetadata(mcpUrl(a.slug), { resourceMetadataUrl }, tenantFetch);
    expect(metadata).toMatchObject({ resource: `${origin}/api/mcp`, authorization_servers: [inject('oidcIssuer')] });
  });

  it('an invalid token: 401 with error="invalid_token"', async () => {
    const response = await call('POST', '/api/mcp', { tenant: a.slug, token: 'eyJhbGciOiJSUzI1NiJ9.e30.c2ln', json: initialize, headers: mcpHeaders });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(response.headers['www-authenticate']).toMatch(/^Bearer error="invalid_token", error_description="[^"]+", resource_metadata="[^"]+\/api\/mcp"$/);
    await expect(connectMcp(a.slug, 'not-a-token')).rejects.toBeInstanceOf(Error);
  });

  it("another tenant's token: 401 tenant_mismatch, before any MCP exchange", async () => {
    const response = await call('POST', '/api/mcp', { tenant: a.slug, token: await b.employee.token(), json: initialize, headers: mcpHeaders });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(response.body.error.details).toEqual({ reason: 'tenant_mismatch' });
    const client = connectMcp(a.slug, await b.admin.token());
    await expect(client).rejects.toSatisfy((error: unknown) => error instanceof UnauthorizedError || /401/.test(String(error)));
  });

  it('an unknown tenant: 404 TENANT_NOT_FOUND', async () => {
    expectEnvelope(await call('POST', '/api/mcp', { tenant: 'no-such-tenant', json: initialize, headers: mcpHeaders }), 404, 'TENANT_NOT_FOUND');
  });

  it('a valid token: the exchange answers with the rate-limit headers of the tenant', async () => {
    const response = await call('POST', '/api/mcp', { tenant: a.slug, token: await a.employee.token(), json: initialize, headers: mcpHeaders });
    expect(response.status).toBe(200);
    expect(response.text).toContain('"serverInfo"');
    expect(response.text).toContain('"quartermaster"');
    expect(Number(response.headers['x-ratelimit-remaining'])).toBeGreaterThan(0);
    expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(response.headers['cache-control']).toMatch(/no-store|no-cache/);
  });

  it('protocol-level faults get the transport\'s JSON-RPC errors: no Accept for both, an oversized body', async () => {
    const token = await a.employee.token();
    const notAcceptable = await call('POST', '/api/mcp', { tenant: a.slug, token, json: initialize, headers: { accept: 'application/json' } });
    expect(notAcceptable.status).toBe(406);
    expect(notAcceptable.body).toMatchObject({ jsonrpc: '2.0', error: { code: -32000 } });
    const huge = { ...initialize, params: { ...initialize.params, padding: 'x'.repeat(1_000_001) } };
    const tooLarge = await call('POST', '/api/mcp', { tenant: a.slug, token, json: huge, headers: mcpHeaders });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.error.message).toContain('1000000');
  });

  it('GET and DELETE answer 405 with Allow: POST (stateless: no session stream, no session)', async () => {
    for (const method of ['GET', 'DELETE', 'PUT']) {
      const response = await call(method, '/api/mcp', { tenant: a.slug, token: await a.employee.token(), headers: mcpHeaders });
      expectEnvelope(response, 405, 'METHOD_NOT_ALLOWED');
      expect(response.headers.allow).toBe('POST');
    }
  });
});

describe('OAuth protected-resource metadata (RFC 9728)', () => {
  it('describes the MCP server at the path-suffixed address, naming the issuer', async () => {
    const response = await call('GET', '/.well-known/oauth-protected-resource/api/mcp', { tenant: a.slug });
    expect(response.status).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.body).toEqual({
      resource: `${origin}/api/mcp`,
      authorization_servers: [inject('oidcIssuer')],
      bearer_methods_supported: ['header'],
      resource_name: `Quartermaster MCP server of Tenant ${a.slug}`,
    });
  });

  it("describes the organisation's address at the root", async () => {
    const response = await call('GET', '/.well-known/oauth-protected-resource', { tenant: a.slug });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ resource: origin, authorization_servers: [inject('oidcIssuer')], resource_name: `Quartermaster of Tenant ${a.slug}` });
  });

  it('names the scheme the proxy reports, and refuses an unknown tenant', async () => {
    const response = await call('GET', '/.well-known/oauth-protected-resource/api/mcp', { tenant: a.slug, headers: { 'x-forwarded-proto': 'https' } });
    expect(response.body.resource).toBe(`https://${a.slug}.localhost:${new URL(inject('baseUrl')).port}/api/mcp`);
    expectEnvelope(await call('GET', '/.well-known/oauth-protected-resource/api/mcp', { tenant: 'no-such-tenant' }), 404, 'TENANT_NOT_FOUND');
  });
});
