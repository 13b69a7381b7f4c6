import type { ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import type { Role } from '@/lib/platform/auth/roles';
import { MCP_PATH, ProtectedResourceMetadata as ProtectedResourceMetadataSchema, RESOURCE_METADATA_PATH } from '@/lib/transport/mcp/protected-resource';
import { headerRefs } from '@/lib/transport/openapi/components';
import { buildErrorResponses } from '@/lib/transport/openapi/error-responses';
import { defineDocumentedOperation } from '../operation';
import { named } from '../named';

const tags = ['MCP'];

const McpMessage = named(
  'McpMessage',
  z
    .object({
      jsonrpc: z.literal('2.0'),
      id: z.union([z.string(), z.number().int()]).optional().describe('Absent on notifications.'),
      method: z.string().describe('For example initialize, tools/list, tools/call.'),
      params: z.record(z.string(), z.unknown()).optional(),
    })
    .describe('One JSON-RPC 2.0 message of the Model Context Protocol.'),
);

// What a POST of a request answers with: a response message (result or error), never another request.
const McpResponse = named(
  'McpResponse',
  z
    .object({
      jsonrpc: z.literal('2.0'),
      id: z.union([z.string(), z.number().int()]).nullable(),
      result: z.record(z.string(), z.unknown()).optional().describe("The method's result; a tool's own failure is a result with `isError: true`."),
      error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }).optional().describe('A failure of the protocol (unknown method, invalid params).'),
    })
    .describe('The JSON-RPC 2.0 response to one request of the Model Context Protocol: `result` or `error`.'),
);

const McpProtocolError = named(
  'McpProtocolError',
  z
    .object({
      jsonrpc: z.literal('2.0'),
      id: z.union([z.string(), z.number().int()]).nullable(),
      error: z.object({ code: z.number().int(), message: z.string(), data: z.unknown().optional() }),
    })
    .describe("The protocol's own error answer (not the error envelope): a message the transport cannot accept."),
);

const ProtectedResourceMetadata = named('ProtectedResourceMetadata', ProtectedResourceMetadataSchema);

const rateLimitHeaders = { 'X-RateLimit-Limit': headerRefs.limit, 'X-RateLimit-Remaining': headerRefs.remaining, 'X-RateLimit-Reset': headerRefs.reset, 'X-Request-Id': headerRefs.requestId };

const protocolError = (description: string): ResponseConfig => ({ description, content: { 'application/json': { schema: McpProtocolError } } });

const unauthenticated: ResponseConfig = {
  description:
    'Not authenticated (`UNAUTHENTICATED`): the bearer token is missing or invalid, or was issued for another organisation (`details.reason` as for the REST API). Counted against the client\'s own rate limit.',
  headers: {
    ...rateLimitHeaders,
    'WWW-Authenticate': {
      description: `RFC 6750 challenge with RFC 9728's resource_metadata: \`Bearer resource_metadata="…${RESOURCE_METADATA_PATH}${MCP_PATH}"\`, preceded by \`error="invalid_token", error_description="…"\` when a token was sent.`,
      schema: { type: 'string' },
    },
  },
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
};

/** A row of the tool table: the tool, its minimum role and the REST operation it mirrors. */
export type McpToolRow = { name: string; role: Role; rest: string };

/**
 * The server's description, with its table of tools. The tools are the catalogue's operations that declare one,
 * and the catalogue holds this module, so the table cannot be read while this module loads: the document builder
 * (lib/transport/openapi/build-openapi-document.ts) passes the tools in.
 */
export function describeMcpServer(tools: McpToolRow[]): string {
  const toolTable = ['| Tool | Minimum role | Same as |', '|---|---|---|', ...tools.map((tool) => `| \`${tool.name}\` | ${tool.role} | \`${tool.rest}\` |`)].join('\n');
  return [
    'A Model Context Protocol server for agents, over the Streamable HTTP transport, stateless: every POST carries one JSON-RPC message (with `Accept: application/json, text/event-stream`) and is served on its own (no session: any other method answers 405 `METHOD_NOT_ALLOWED` with `Allow: POST`). A JSON-RPC batch (a JSON array, even of one message) is refused with 400 `VALIDATION_ERROR` (`details.reason` `batch`) before any of it runs: send each message in a POST of its own. It speaks the 2025 revisions (initialize handshake) and 2026-07-28 (per-request envelope, server/discover).',
    'Each POST passes the same admission as the REST API: the organisation from the host, the bearer token (issued for this organisation, audience as for the REST API), and the organisation\'s rate limit, one request per POST. Each tool call then runs like the REST operation it mirrors: one transaction under the organisation\'s row-level security, the stored account\'s role checked against the tool\'s minimum role, the arguments validated with the same schema, the same domain function.',
    `The tools (their input schemas are the REST operations' query or body schemas, with the path id as assetId or loanId):\n\n${toolTable}`,
    'A tool that fails answers a result with `isError: true` whose `structuredContent` is the error envelope `{ "error": { "code", "message", "details" } }` with the REST API\'s codes (`VALIDATION_ERROR` with `details.location` = `arguments`, `FORBIDDEN`, `ASSET_NOT_FOUND`, `LOAN_NOT_FOUND`, `LOAN_CONFLICT`, …), also as JSON text in `content`. A successful call answers the REST response body as `structuredContent` (the tool\'s `outputSchema`) and as JSON text.',
    `Without a valid token the answer is 401 with \`WWW-Authenticate: Bearer resource_metadata="https://{tenant}.quartermaster.app${RESOURCE_METADATA_PATH}${MCP_PATH}"\` (RFC 9728; \`error="invalid_token"\` when a token was sent), from which a client discovers the authorization server.`,
  ].join('\n\n');
}

/** POST /mcp; its description is describeMcpServer(), filled in when the document is built. */
export const mcp = defineDocumentedOperation({
  method: 'post',
  path: MCP_PATH.replace(/^\/api/, ''),
  document: {
    operationId: 'mcp',
    summary: 'MCP server (Streamable HTTP)',
    tags,
    request: {
      headers: z.object({
        'mcp-protocol-version': z.string().optional().describe('The negotiated protocol revision, on every request after initialize.'),
      }),
      body: { required: true, content: { 'application/json': { schema: McpMessage } } },
    },
    responses: {
      200: {
        description: 'The JSON-RPC answer to a request, as JSON or as a short server-sent event stream.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: McpResponse }, 'text/event-stream': { schema: z.string().describe('`event: message` frames whose data is one JSON-RPC message.') } },
      },
      202: { description: 'A notification or response from the client, accepted.', headers: rateLimitHeaders },
      400: {
        description:
          'A batch: the error envelope, `VALIDATION_ERROR` with `details.location` `body` and `details.reason` `batch`, and nothing of it run. Otherwise the protocol\'s own error: the body is not a valid JSON-RPC message (code -32700 or -32600), or the protocol revision is not supported.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: { oneOf: [{ $ref: '#/components/schemas/ErrorEnvelope' }, { $ref: '#/components/schemas/McpProtocolError' }] } } },
      },
      401: unauthenticated,
      ...buildErrorResponses(['TENANT_NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR']),
      406: protocolError('The Accept header does not accept both application/json and text/event-stream.'),
      413: protocolError('The body exceeds 1,000,000 bytes.'),
      415: protocolError('The body is not sent as application/json.'),
    },
  },
});

// The two RFC 9728 documents live at the root of the organisation's address, not under /api.
const originServers = [
  { url: 'https://{tenant}.quartermaster.app', variables: { tenant: { default: 'acme', description: "The organisation's sub-domain." } } },
  { url: 'http://{tenant}.localhost:3000', variables: { tenant: { default: 'acme', description: "The organisation's sub-domain." } } },
];

/** GET of an RFC 9728 metadata document (public, on the organisation's origin). */
const metadataOperation = (resourcePath: string, operationId: string, summary: string, description: string) =>
  defineDocumentedOperation({
    method: 'get',
    path: `${RESOURCE_METADATA_PATH}${resourcePath}`,
    document: {
      operationId,
      summary,
      description: `${description} Public (no token), counted against the client's own rate limit; sent with \`Access-Control-Allow-Origin: *\`.`,
      tags,
      security: [],
      servers: originServers,
      responses: {
        200: { description: 'The metadata document.', headers: rateLimitHeaders, content: { 'application/json': { schema: ProtectedResourceMetadata } } },
        ...buildErrorResponses(['TENANT_NOT_FOUND', 'RATE_LIMITED', 'INTERNAL_ERROR']),
      },
    },
  });

export const getMcpResourceMetadata = metadataOperation(
  MCP_PATH,
  'getMcpResourceMetadata',
  'MCP server resource metadata',
  "OAuth 2.0 Protected Resource Metadata (RFC 9728) of the MCP server, named by its 401 challenge: `resource` is the server's address as the client used it, `authorization_servers` the identity provider (OIDC issuer) that issues the bearer tokens.",
);

export const getResourceMetadata = metadataOperation(
  '',
  'getResourceMetadata',
  'Organisation resource metadata',
  "RFC 9728 metadata at the root, for clients that look there: `resource` is the organisation's origin (the REST API and the MCP server take the same tokens).",
);
