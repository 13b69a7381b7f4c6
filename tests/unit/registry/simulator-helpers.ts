import { request } from 'node:http';
import { createRegistrySimulator, type RegistrySimulator, type RegistrySimulatorOptions } from '@/scripts/registry-simulator/create-registry-simulator';

export const apiKey = 'test-registry-key';

export async function startSimulator(options: Partial<RegistrySimulatorOptions> = {}): Promise<RegistrySimulator> {
  return createRegistrySimulator({ port: 0, host: '127.0.0.1', apiKeys: [apiKey], webhookRetryDelaysMs: [5, 5, 5], ...options });
}

/** A call to the registry API with the integrator's key, unless the headers say otherwise. */
export async function call(simulator: RegistrySimulator, path: string, init: { method?: string; body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${simulator.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { 'x-api-key': apiKey, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as any) : null };
}

/** GET without any decoding, to see the bytes the registry really sends. */
export function getRaw(url: string, headers: Record<string, string>): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}
