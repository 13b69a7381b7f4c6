import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { BEARER_AUTH, registerComponents } from './components';
import { documentInfo, documentServers, documentTags } from './document-info';
import { registerErrorResponses } from './error-responses';
import { registerWebhookEvents } from './webhook-events';
import { registerTenantOperation } from './register-tenant-operation';
import { resourceMethods } from '@/lib/transport/http/resource';
import { documentedOperations, operations } from '@/lib/transport/operations/catalogue';
import { mcpTools } from '@/lib/transport/mcp/tools';
import { describeMcpServer, mcp } from '@/lib/transport/operations/platform/mcp';

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31['generateDocument']>;

// resource() (lib/transport/http/resource.ts) answers these with methodNotAllowed() when a route file does not implement them.
const guardedMethods = ['get', 'put', 'post', 'patch', 'delete'] as const;

/**
 * PUT is not part of the contract and has no operation of its own; each /v1 path says which methods answer
 * 405 (also as `x-methods-not-allowed`, for tooling and tests).
 */
function describeMethodNotAllowed(document: OpenApiDocument): OpenApiDocument {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    if (!path.startsWith('/v1/')) continue;
    // In the order resource() lists them in Allow, whatever order the operations were registered in.
    const allowed = resourceMethods.filter((method) => method.toLowerCase() in item);
    const refused = guardedMethods.filter((method) => !(method in item)).map((method) => method.toUpperCase());
    const listed = refused.length > 1 ? `${refused.slice(0, -1).join(', ')} and ${refused.at(-1)}` : refused.join('');
    item.description = `${listed} ${refused.length > 1 ? 'answer' : 'answers'} 405 \`METHOD_NOT_ALLOWED\` with \`Allow: ${allowed.join(', ')}\` on this path, after the tenant check and without a token check; it counts against the client's rate limit, not the organisation's.`;
    item['x-methods-not-allowed'] = refused;
  }
  return document;
}

export function buildOpenApiDocument(): OpenApiDocument {
  const registry = new OpenAPIRegistry();
  registerComponents(registry);
  registerErrorResponses(registry);

  registerWebhookEvents(registry);
  for (const operation of operations) registerTenantOperation(registry, operation);
  for (const operation of documentedOperations) {
    const { method, path, document } = operation;
    // The MCP server's description lists its tools, which its own module cannot import (see describeMcpServer).
    registry.registerPath({ method, path, ...document, ...(operation === mcp ? { description: describeMcpServer(mcpTools) } : {}) });
  }
  const document = new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: documentInfo,
    servers: documentServers,
    tags: documentTags,
    security: [{ [BEARER_AUTH]: [] }],
  });
  return describeMethodNotAllowed(document);
}

let cached: OpenApiDocument | undefined;

/** The document depends on code only, so one build serves the process. */
export function getOpenApiDocument(): OpenApiDocument {
  cached ??= buildOpenApiDocument();
  return cached;
}
