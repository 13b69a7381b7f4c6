import { request } from 'node:http';
import { Readable } from 'node:stream';
import { Client, type FetchLike, StreamableHTTPClientTransport, type VersionNegotiationMode } from '@modelcontextprotocol/client';
import { inject } from 'vitest';

/**
 * fetch for the test server's tenant addresses (`http://<tenant>.localhost:<port>`): connects to 127.0.0.1 and sends
 * the URL's host as Host, so MCP traffic travels through proxy.ts like any tenant's (fetch cannot set Host, and
 * `*.localhost` need not resolve here). Streams the answer, as the SDK reads SSE from it.
 */
export const tenantFetch: FetchLike = (input, init = {}) => {
  const url = new URL(input instanceof Request ? input.url : String(input));
  // The suite's own server may sit behind the contract check (CONTRACT_CHECK=1, tests/support/api.ts).
  const port = url.port === new URL(inject('baseUrl')).port ? new URL(inject('apiUrl')).port : url.port;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  const body = init.body;
  if (body !== undefined && body !== null && typeof body !== 'string') throw new Error('tenantFetch sends string bodies only');
  return new Promise<Response>((resolve, reject) => {
    const abort = () => outgoing.destroy(new Error('aborted'));
    const release = () => init.signal?.removeEventListener('abort', abort);
    const outgoing = request(
      { hostname: '127.0.0.1', port, path: `${url.pathname}${url.search}`, method: init.method ?? 'GET', headers: { ...headers, host: url.host } },
      (incoming) => {
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          for (const item of [value ?? []].flat()) responseHeaders.append(name, item);
        }
        incoming.on('close', release);
        const status = incoming.statusCode ?? 500;
        const stream = status === 204 || status === 304 ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
        resolve(new Response(stream, { status, headers: responseHeaders }));
      },
    );
    outgoing.on('error', (error) => {
      release();
      reject(error);
    });
    init.signal?.addEventListener('abort', abort, { once: true });
    if (typeof body === 'string') outgoing.write(body);
    outgoing.end();
  });
};

export function mcpUrl(tenantSlug: string): URL {
  return new URL(`http://${tenantSlug}.localhost:${new URL(inject('baseUrl')).port}/api/mcp`);
}

/**
 * The SDK's own client over Streamable HTTP with a bearer token. `legacy` is the 2025 handshake (initialize) that
 * today's MCP clients speak; `auto` negotiates the 2026-07-28 revision (server/discover, per-request envelope).
 */
export async function connectMcp(tenantSlug: string, token: string | null, mode: VersionNegotiationMode = 'legacy'): Promise<Client> {
  const client = new Client({ name: 'quartermaster-tests', version: '1.0.0' }, { versionNegotiation: { mode } });
  const transport = new StreamableHTTPClientTransport(mcpUrl(tenantSlug), {
    fetch: tenantFetch,
    ...(token ? { authProvider: { token: async () => token } } : {}),
  });
  await client.connect(transport);
  return client;
}
