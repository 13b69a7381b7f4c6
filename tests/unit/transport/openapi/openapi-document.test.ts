import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { buildOpenApiDocument, getOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';
import { mcpTools } from '@/lib/transport/mcp/tools';
import { resourceMethods } from '@/lib/transport/http/resource';
import { documentedOperations, operations } from '@/lib/transport/operations/catalogue';
import { operationName } from '@/lib/transport/operations/operation';

type Schema = { $ref?: string; type?: string; enum?: string[]; allOf?: Schema[]; properties?: Record<string, Schema>; required?: string[] };
type Response = { $ref?: string; headers?: Record<string, unknown>; content?: Record<string, { schema?: Schema }> };
type Operation = { operationId?: string; description?: string; servers?: { url: string }[]; security?: unknown[]; parameters?: unknown[]; requestBody?: unknown; responses: Record<string, Response>; 'x-roles'?: string[] };
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';
type PathItem = Partial<Record<Method, Operation>> & { 'x-methods-not-allowed'?: string[]; description?: string };
type Document = {
  paths: Record<string, PathItem>;
  components: { schemas: Record<string, Schema>; responses: Record<string, Response> };
  security: Record<string, string[]>[];
};

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as Document;
const operationMethods: Method[] = ['get', 'post', 'put', 'patch', 'delete'];

function operationsOf(filter: (urlPath: string) => boolean) {
  return Object.entries(document.paths)
    .filter(([urlPath]) => filter(urlPath))
    .flatMap(([urlPath, item]) =>
      operationMethods.flatMap((method) => (item[method] ? [{ name: `${method.toUpperCase()} ${urlPath}`, operation: item[method] }] : [])),
    );
}

function resolveResponse(response: Response): Response {
  if (!response.$ref) return response;
  const resolved = document.components.responses[response.$ref.replace('#/components/responses/', '')];
  if (!resolved) throw new Error(`dangling reference ${response.$ref}`);
  return resolved;
}

function errorCodesOf(response: Response): string[] {
  const schema = resolveResponse(response).content?.['application/json']?.schema;
  expect(schema?.allOf?.[0]).toEqual({ $ref: '#/components/schemas/ErrorEnvelope' });
  return schema?.allOf?.[1]?.properties?.error?.properties?.code?.enum ?? [];
}

// /v1 operations whose credential is not a bearer token: the data export's one-time link and its published schema.
const publicOperations = new Set(['GET /v1/data-export/{id}/download', 'GET /v1/data-export/schema.json', 'GET /v1/profile/email-confirmations']);
const tenantOperations = operationsOf((urlPath) => urlPath.startsWith('/v1/')).filter(({ name }) => !publicOperations.has(name));

describe('OpenAPI document', () => {
  it('is valid OpenAPI 3.1 for Redocly lint (recommended rules)', { timeout: 60_000 }, () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'openapi-lint-'));
    try {
      const file = path.join(dir, 'openapi.json');
      writeFileSync(file, JSON.stringify(document));
      const cli = path.join(root, 'node_modules/@redocly/cli/bin/cli.js');
      const result = spawnSync(process.execPath, [cli, 'lint', '--format=json', `--config=${path.join(root, 'redocly.yaml')}`, file], {
        encoding: 'utf8',
        timeout: 55_000,
        // No telemetry and no update check: the linter must not reach the network.
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
      });
      const report = JSON.parse(result.stdout) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
      const errors = report.problems.filter((problem) => problem.severity === 'error');
      expect(errors).toEqual([]);
      expect(report.totals.errors).toBe(0);
      expect(document).toMatchObject({ openapi: '3.1.0', info: { title: 'Quartermaster API', version: '0.1.0' } });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // tests/unit/transport/http/route-files.test.ts checks that the route files serve exactly these operations.
  it('documents every declared operation and no other', () => {
    const declared = [...operations, ...documentedOperations].map(operationName);
    expect(declared.length).toBeGreaterThanOrEqual(140);
    expect(new Set(declared).size).toBe(declared.length);
    expect(operationsOf(() => true).map((o) => o.name).sort()).toEqual([...declared].sort());
    expect(new Set(operations.map((o) => o.operationId)).size).toBe(operations.length);
  });

  it('states the 405 of every method a /v1 path refuses, with the Allow list of its operations', () => {
    for (const [urlPath, item] of Object.entries(document.paths).filter(([p]) => p.startsWith('/v1/'))) {
      const implemented = resourceMethods.filter((method) => operations.some((o) => o.path === urlPath && o.method.toUpperCase() === method) || documentedOperations.some((o) => o.path === urlPath && o.method.toUpperCase() === method));
      const refused = resourceMethods.filter((method) => !implemented.includes(method));
      expect([...(item['x-methods-not-allowed'] ?? [])].sort(), urlPath).toEqual([...refused].sort());
      expect(refused, urlPath).toContain('PUT');
      expect(item.description, urlPath).toContain(`Allow: ${implemented.join(', ')}`);
    }
  });

  it('declares the errors every tenant operation can answer with', () => {
    expect(tenantOperations.length).toBeGreaterThanOrEqual(20);
    for (const { name, operation } of tenantOperations) {
      const { responses } = operation;
      expect(operation.security, name).toBeUndefined();
      expect(errorCodesOf(responses['401']!), name).toEqual(['UNAUTHENTICATED']);
      expect(errorCodesOf(responses['403']!), name).toContain('FORBIDDEN');
      expect(errorCodesOf(responses['404']!), name).toContain('TENANT_NOT_FOUND');
      expect(errorCodesOf(responses['429']!), name).toEqual(name.includes('/export.') ? ['RATE_LIMITED', 'EXPORT_LIMIT_REACHED'] : ['RATE_LIMITED']);
      expect(errorCodesOf(responses['500']!), name).toEqual(['INTERNAL_ERROR']);
      expect(resolveResponse(responses['401']!).headers, name).toHaveProperty('WWW-Authenticate');
      expect(resolveResponse(responses['429']!).headers, name).toHaveProperty('Retry-After');
      if (operation.parameters || operation.requestBody) expect(errorCodesOf(responses['400']!), name).toEqual(['VALIDATION_ERROR']);
      if (operation.requestBody) expect(Object.keys(responses)).toEqual(expect.arrayContaining(['413', '415']));
      // A unique constraint can refuse any write (to-api-error.ts maps it to 409 CONFLICT).
      if (!name.startsWith('GET ')) expect(errorCodesOf(responses['409']!), name).toContain('CONFLICT');
      const success = Object.keys(responses).find((status) => status.startsWith('2'))!;
      expect(Object.keys(responses[success]!.headers ?? {}), name).toEqual(
        expect.arrayContaining(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset', ...(success === '201' ? ['Location'] : [])]),
      );
    }
    expect(errorCodesOf(document.paths['/v1/assets/{id}']!.get!.responses['404']!)).toEqual(['TENANT_NOT_FOUND', 'ASSET_NOT_FOUND']);
    expect(errorCodesOf(document.paths['/v1/categories/{id}']!.delete!.responses['409']!)).toEqual(['CONFLICT', 'CATEGORY_IN_USE']);
    expect(document.paths['/v1/assets']!.get!.responses).not.toHaveProperty('409');
    expect(errorCodesOf(document.paths['/v1/assets']!.get!.responses['403']!)).toEqual(['FORBIDDEN']);
    expect(errorCodesOf(document.paths['/v1/branding']!.patch!.responses['403']!)).toEqual(['FORBIDDEN', 'PLAN_UPGRADE_REQUIRED']);
  });

  it('offers the Idempotency-Key on every tenant POST and on nothing else, with its errors and the replay header', () => {
    const posts = tenantOperations.filter(({ name }) => name.startsWith('POST '));
    expect(posts.length).toBeGreaterThanOrEqual(30);
    for (const { name, operation } of tenantOperations) {
      const offered = (operation.parameters ?? []).some((p) => (p as { $ref?: string }).$ref === '#/components/parameters/IdempotencyKey');
      expect(offered, name).toBe(name.startsWith('POST '));
    }
    for (const { name, operation } of posts) {
      const { responses } = operation;
      expect(errorCodesOf(responses['400']!), name).toEqual(['VALIDATION_ERROR']);
      expect(errorCodesOf(responses['409']!), name).toContain('IDEMPOTENCY_KEY_IN_USE');
      expect(errorCodesOf(responses['422']!), name).toContain('IDEMPOTENCY_KEY_REUSED');
      expect(Object.keys(responses), name).toContain('413');
      for (const status of Object.keys(responses).filter((s) => s.startsWith('2'))) {
        expect(responses[status]!.headers, `${name} ${status}`).toHaveProperty('Idempotent-Replayed', { $ref: '#/components/headers/Idempotent-Replayed' });
      }
    }
    const parameter = (document.components as unknown as { parameters: Record<string, { name: string; in: string; required: boolean; schema: object }> }).parameters.IdempotencyKey!;
    expect(parameter).toMatchObject({ name: 'Idempotency-Key', in: 'header', required: false, schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\\x20-\\x7E]+$' } });
  });

  it('requires a bearer token everywhere except on the health and readiness checks, the document itself and the data export link and schema', () => {
    expect(document.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/health']?.get?.security).toEqual([]);
    const open = operationsOf(() => true).filter(({ operation }) => operation.security?.length === 0);
    const metadata = ['GET /.well-known/oauth-protected-resource', 'GET /.well-known/oauth-protected-resource/api/mcp'];
    expect(open.map((o) => o.name).sort()).toEqual(['GET /health', 'GET /health/ready', 'GET /openapi.json', 'POST /webhooks/external-registry', ...publicOperations, ...metadata].sort());
    for (const name of publicOperations) {
      const { operation } = open.find((o) => o.name === name)!;
      expect(operation.responses, name).not.toHaveProperty('401');
      expect(operation['x-roles'], name).toBeUndefined();
    }
    const download = document.paths['/v1/data-export/{id}/download']!.get!;
    expect(errorCodesOf(download.responses['404']!)).toEqual(['TENANT_NOT_FOUND', 'DATA_EXPORT_NOT_FOUND']);
    expect(errorCodesOf(download.responses['410']!)).toEqual(['DATA_EXPORT_LINK_USED', 'DATA_EXPORT_LINK_EXPIRED']);
    expect(Object.keys(download.responses['200']!.content ?? {})).toEqual(['application/json', 'application/pdf']);
  });

  it('shares the error envelope of the spec (error.code, error.message, error.details)', () => {
    const envelope = document.components.schemas.ErrorEnvelope!;
    expect(envelope.required).toEqual(['error']);
    const error = envelope.properties!.error!;
    expect(error.required).toEqual(['code', 'message', 'details']);
    expect(error.properties!.code!.type).toBe('string');
    expect(error.properties!.message!.type).toBe('string');
    expect(error.properties!.details!.type).toBe('object');
  });

  it('documents the MCP server with each tool as the REST operation it mirrors, and its metadata at the origin', () => {
    const mcp = document.paths['/mcp']!.post!;
    expect(mcp.security).toBeUndefined();
    for (const tool of mcpTools) {
      expect(mcp.description, tool.name).toContain(`| \`${tool.name}\` | ${tool.role} | \`${tool.rest}\` |`);
      // The tool demands the role its REST operation demands.
      const [method, restPath] = tool.rest.split(' ') as [string, string];
      expect(document.paths[restPath]?.[method.toLowerCase() as Method]?.['x-roles']?.[0], tool.name).toBe(tool.role);
    }
    expect(Object.keys(mcp.responses)).toEqual(expect.arrayContaining(['200', '202', '400', '401', '404', '406', '413', '415', '429', '500']));
    expect(resolveResponse(mcp.responses['401']!).headers).toHaveProperty('WWW-Authenticate');
    expect(errorCodesOf(mcp.responses['404']!)).toEqual(['TENANT_NOT_FOUND']);
    for (const suffix of ['', '/api/mcp']) {
      const metadata = document.paths[`/.well-known/oauth-protected-resource${suffix}`]!.get!;
      expect(metadata.servers?.[0]).toMatchObject({ url: 'https://{tenant}.quartermaster.app' });
      expect(metadata.responses['200']!.content?.['application/json']?.schema).toEqual({ $ref: '#/components/schemas/ProtectedResourceMetadata' });
    }
    expect(document.components.schemas.ProtectedResourceMetadata!.required).toEqual(['resource', 'bearer_methods_supported', 'resource_name']);
  });

  it('is built once per process', () => {
    expect(getOpenApiDocument()).toBe(getOpenApiDocument());
  });
});
