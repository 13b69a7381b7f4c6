import { randomUUID } from 'node:crypto';
import { type AuthInfo, createMcpHandler, isJsonContentType, readRequestBody } from '@modelcontextprotocol/server';
import { admitCaller, type Caller } from '@/lib/transport/http/admit-caller';
import type { LimitHeaders } from '@/lib/transport/http/charge-rate-limit';
import { MAX_BODY_BYTES } from '@/lib/transport/http/parse-request';
import { errorResponse } from '@/lib/transport/http/responses';
import { toApiError } from '@/lib/transport/http/to-api-error';
import { UnauthenticatedError, ValidationError } from '@/lib/platform/core/errors';
import { createMcpServer } from './create-mcp-server';
import { bearerChallenge } from './protected-resource';

type AdmittedCall = { caller: Caller; requestId: string };

function admittedCall(authInfo: AuthInfo | undefined): AdmittedCall {
  const call = authInfo?.extra?.call as AdmittedCall | undefined;
  // Only handleMcpRequest calls the handler, always after admitting the caller.
  if (!call) throw new Error('MCP request served without an admitted caller.');
  return call;
}

// Stateless Streamable HTTP: a fresh server per request, for 2026-07-28 clients and, through the SDK's stateless
// fallback, for 2025-era clients. One handler per process holds no state but the bound on open listen streams.
const handler = createMcpHandler(
  ({ authInfo }) => {
    const { caller, requestId } = admittedCall(authInfo);
    return createMcpServer(caller, requestId);
  },
  // Protocol-level rejections are the SDK's JSON-RPC answers to the client; a tool's failures are logged by
  // toApiError (lib/transport/mcp/call-tool.ts), so no onerror.
  { maxRequestBodySize: MAX_BODY_BYTES },
);

/**
 * The parsed body for the SDK, or undefined to let it read and judge the body itself (not JSON, unreadable, too
 * large: its protocol errors). A JSON array is a JSON-RPC batch, which the SDK would run message by message
 * within one POST, so one unit of the tenant's rate limit would pay for up to 100 tool calls (issue 23, item 15):
 * it is refused before anything runs. The body is read from a clone, so the request stays readable for the SDK.
 */
async function singleMessageBody(request: Request): Promise<unknown> {
  if (!isJsonContentType(request.headers.get('content-type'))) return undefined;
  const body = await readRequestBody(request.clone(), MAX_BODY_BYTES);
  if (body.tooLarge || body.text.length === 0) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.text);
  } catch {
    return undefined;
  }
  if (Array.isArray(parsed)) {
    throw new ValidationError('Send one JSON-RPC message per POST; a batch (a JSON array of messages) is not accepted.', { location: 'body', reason: 'batch' });
  }
  return parsed;
}

/**
 * POST /api/mcp: the REST API's admission (tenant from the host, bearer token, rate limit), then the MCP
 * exchange. A failed admission answers in the error envelope; a 401 also names the protected-resource metadata.
 */
export async function handleMcpRequest(request: Request): Promise<Response> {
  const requestId = randomUUID();
  const limitHeaders: LimitHeaders = {};
  try {
    const caller = await admitCaller(request, limitHeaders);
    // The token was verified above; the SDK passes authInfo through to the server factory and never reads it itself.
    const authInfo: AuthInfo = { token: '', clientId: '', scopes: [], extra: { call: { caller, requestId } satisfies AdmittedCall } };
    const parsedBody = await singleMessageBody(request);
    const response = await handler.fetch(request, parsedBody === undefined ? { authInfo } : { authInfo, parsedBody });
    for (const [name, value] of Object.entries(limitHeaders)) response.headers.set(name, value);
    response.headers.set('X-Request-Id', requestId);
    // Answers carry the caller's data, as the REST API's do (an event stream comes with no-cache already).
    if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store');
    return response;
  } catch (error) {
    const apiError = toApiError(error, requestId);
    const response = errorResponse(apiError, requestId, limitHeaders);
    if (apiError instanceof UnauthenticatedError) response.headers.set('WWW-Authenticate', bearerChallenge(request, apiError));
    return response;
  }
}
