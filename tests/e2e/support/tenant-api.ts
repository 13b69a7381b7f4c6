import { request as httpRequest } from 'node:http';
import { getUserAccessToken } from '../../support/idp-client';
import { testAudience } from '../../support/test-env';
import { e2eState } from './e2e-state';

/**
 * The REST API of an account's tenant, with that account's bearer token: to arrange what a screen needs when
 * the database alone cannot (an encrypted secret, say). Answers the status and the parsed JSON body.
 */
export async function apiAs(accountId: string, method: string, path: string, json?: unknown): Promise<{ status: number; body: any }> {
  const token = await getUserAccessToken(e2eState().issuer, accountId, { audience: testAudience });
  const payload = json === undefined ? undefined : JSON.stringify(json);
  const port = e2eState().appPort;
  const headers: Record<string, string> = { host: `${accountId.split('-')[0]}.localhost:${port}`, authorization: `Bearer ${token}` };
  if (payload !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(payload)) });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: '127.0.0.1', port, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        resolve({ status: res.statusCode ?? 0, body: text && (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(text) : null });
      });
    });
    req.on('error', reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}
