import { type IncomingHttpHeaders, request } from 'node:http';
import { inject } from 'vitest';

export type ApiResponse = { status: number; headers: IncomingHttpHeaders; body: any; text: string; raw: Buffer };

export type CallOptions = {
  tenant?: string | null;
  host?: string;
  token?: string;
  json?: unknown;
  body?: string;
  headers?: Record<string, string>;
  /** Another server than the suite's (one started by the test itself). */
  baseUrl?: string;
};

/**
 * HTTP to the test server with a real Host header (fetch cannot set one), so requests travel through proxy.ts
 * exactly as `https://<tenant>.<domain>` traffic does.
 */
export function call(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse> {
  const base = new URL(options.baseUrl ?? inject('baseUrl'));
  // The suite's own server may sit behind the contract check (CONTRACT_CHECK=1); the Host still names the server.
  const target = options.baseUrl ? base : new URL(inject('apiUrl'));
  const headers: Record<string, string> = { ...options.headers };
  headers.host = options.host ?? (options.tenant ? `${options.tenant}.localhost:${base.port}` : `localhost:${base.port}`);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let payload: string | undefined = options.body;
  if (options.json !== undefined) {
    payload = JSON.stringify(options.json);
    headers['content-type'] ??= 'application/json';
  }
  if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port: target.port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const raw = Buffer.concat(chunks);
        const text = raw.toString('utf8');
        let body: unknown = null;
        if ((res.headers['content-type'] ?? '').includes('json') && text) body = JSON.parse(text);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text, raw });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Every error leaves in the spec's envelope. */
export function expectEnvelope(response: ApiResponse, status: number, code: string): void {
  if (response.status !== status || response.body?.error?.code !== code) {
    throw new Error(`Expected ${status} ${code}, got ${response.status} ${response.text.slice(0, 500)}`);
  }
  const error = response.body.error;
  if (typeof error.message !== 'string' || typeof error.details !== 'object' || error.details === null) {
    throw new Error(`Malformed error envelope: ${response.text}`);
  }
}
