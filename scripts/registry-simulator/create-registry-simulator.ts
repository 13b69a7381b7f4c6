import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { handleApi } from './api-routes';
import { createControl, type RegistryControl, type RequestRecord } from './control';
import { handleControl } from './control-routes';
import { HttpError, sendError } from './http-io';
import { createPersonExport } from './person-export';
import { createRegistryState } from './registry-state';
import type { RegistryStore } from './registry-store';
import { createSeededRandom } from './seeded-random';
import { defaultSettings } from './settings';
import { createWebhookSender, type WebhookTarget } from './webhook-sender';

export type RegistrySimulatorOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  host?: string;
  /** Accepted values of the X-API-Key header. */
  apiKeys: string[];
  /** Guards /__control through the X-Control-Token header; without it, /__control takes a valid X-API-Key. */
  controlToken?: string;
  webhook?: WebhookTarget;
  /** Seeds the random choices (failures, drops, random changes). */
  seed?: number;
  now?: () => Date;
  /** Pauses before webhook retries 1, 2 and 3. */
  webhookRetryDelaysMs?: number[];
  webhookTimeoutMs?: number;
};

export type RegistrySimulator = { url: string; store: RegistryStore; control: RegistryControl; close(): Promise<void> };

const maxLoggedRequests = 1000;

function secretMatches(candidate: string | undefined, secrets: string[]): boolean {
  if (!candidate) return false;
  const given = Buffer.from(candidate);
  return secrets.some((secret) => {
    const expected = Buffer.from(secret);
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** Starts the registry simulator: a real HTTP server speaking the registry side of spec 002. */
export async function createRegistrySimulator(options: RegistrySimulatorOptions): Promise<RegistrySimulator> {
  if (options.apiKeys.length === 0) throw new Error('The registry simulator needs at least one API key.');
  const now = options.now ?? (() => new Date());
  const seed = options.seed ?? 2002;
  const settings = defaultSettings();
  const failureRandom = createSeededRandom(seed);
  const webhooks = createWebhookSender({
    target: options.webhook,
    now,
    random: createSeededRandom(seed + 1),
    dropRate: () => settings.webhookDropRate,
    retryDelaysMs: options.webhookRetryDelaysMs ?? [1_000, 5_000, 25_000],
    timeoutMs: options.webhookTimeoutMs ?? 10_000,
  });
  const state = createRegistryState({ now, settings: () => settings, webhooks });
  const exports = createPersonExport(() => state.store.persons.values());
  const requests: RequestRecord[] = [];
  const control = createControl({ state, webhooks, settings, initialTarget: options.webhook, random: createSeededRandom(seed + 2), requests, clearExports: exports.clear });
  const windows = new Map<string, { second: number; count: number }>();
  let baseUrl = '';

  function withinRateLimit(apiKey: string): boolean {
    if (settings.rateLimitPerSecond === null) return true;
    const second = Math.floor(now().getTime() / 1000);
    const window = windows.get(apiKey);
    if (!window || window.second !== second) {
      windows.set(apiKey, { second, count: 1 });
      return true;
    }
    window.count += 1;
    return window.count <= settings.rateLimitPerSecond;
  }

  async function serveApi(req: IncomingMessage, res: ServerResponse, path: string, query: Record<string, string>) {
    if (settings.latencyMs > 0) await new Promise((resolve) => setTimeout(resolve, settings.latencyMs));
    if (settings.outage) throw new HttpError(503, 'SERVICE_UNAVAILABLE', 'The registry is down for maintenance.');
    const apiKey = req.headers['x-api-key'];
    if (typeof apiKey !== 'string' || !secretMatches(apiKey, options.apiKeys)) throw new HttpError(401, 'UNAUTHORIZED', 'A valid X-API-Key header is required.');
    if (!withinRateLimit(apiKey)) throw new HttpError(429, 'RATE_LIMITED', 'Too many calls for this API key; retry after a second.');
    if (settings.failureRate > 0 && failureRandom() < settings.failureRate) throw new HttpError(500, 'INTERNAL_ERROR', 'The registry failed to answer (simulated).');
    await handleApi({ state, exports, baseUrl: () => baseUrl }, { req, res, path, query, apiKey });
  }

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://registry.invalid');
    const query = Object.fromEntries(url.searchParams);
    if (url.pathname === '/__control' || url.pathname.startsWith('/__control/')) {
      const allowed = options.controlToken
        ? secretMatches(req.headers['x-control-token'] as string | undefined, [options.controlToken])
        : secretMatches(req.headers['x-api-key'] as string | undefined, options.apiKeys);
      if (!allowed) throw new HttpError(401, 'UNAUTHORIZED', options.controlToken ? 'A valid X-Control-Token header is required.' : 'A valid X-API-Key header is required.');
      return handleControl(control, req, res, url.pathname.slice('/__control'.length));
    }
    if (url.pathname.startsWith('/api/v1/')) {
      res.once('finish', () => {
        requests.push({ at: now().toISOString(), method: req.method ?? 'GET', path: `${url.pathname}${url.search}`, status: res.statusCode });
        if (requests.length > maxLoggedRequests) requests.shift();
      });
      return serveApi(req, res, url.pathname.slice('/api/v1'.length), query);
    }
    throw new HttpError(404, 'NOT_FOUND', 'Nothing here: the registry API lives under /api/v1.');
  }

  const server = createServer((req, res) => {
    route(req, res).catch((error: unknown) => {
      if (res.headersSent) return void res.end();
      if (error instanceof HttpError) {
        if (error.status === 429) return sendError(res, error, { 'retry-after': '1' });
        return sendError(res, error);
      }
      console.error('[registry-simulator] request failed', error);
      sendError(res, new HttpError(500, 'INTERNAL_ERROR', 'The registry simulator failed.'));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.address() as AddressInfo;
  baseUrl = `http://${address.address.includes(':') ? `[${address.address}]` : address.address}:${address.port}`;

  return {
    url: baseUrl,
    store: state.store,
    control,
    async close() {
      // Retries and held decisions would otherwise outlive the server.
      webhooks.stop();
      state.proposals.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
    },
  };
}
