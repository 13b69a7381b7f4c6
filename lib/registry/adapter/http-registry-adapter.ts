import { setTimeout as sleepFor } from 'node:timers/promises';
import type {
  ChangedPage,
  PersonExportPage,
  PersonChangeProposal,
  PersonProposal,
  ProposalOptions,
  RegistryAdapter,
  RegistryCodelist,
  RegistryOrganization,
  RegistryPerson,
  RegistrySubmission,
  SubmissionReceipt,
} from './registry-adapter';
import { RegistryRequestError, RegistryUnavailableError } from './registry-errors';
import type { TokenBucket } from './token-bucket';
import { exponentialRetryDelayMs } from '@/lib/platform/jobs/retry-schedule';

export type HttpRegistryAdapterOptions = {
  /** The registry's base address; paths below it start with /api/v1. */
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  /** Shared by every adapter of the process, so the limit holds for the process as a whole. */
  rateLimit: TokenBucket;
  /** Retries after the first attempt, on network errors, timeouts, 5xx and 429. */
  maxRetries?: number;
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the call fails as unavailable. */
  maxRetryAfterMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  fetch?: typeof fetch;
};

type Call = { method: 'GET' | 'POST' | 'PATCH'; path: string; query?: Record<string, string | undefined>; body?: unknown };

const retryable = (status: number) => status === 429 || status >= 500;

function retryAfterMs(header: string | null, nowMs: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - nowMs);
}

async function errorCode(response: Response): Promise<string | null> {
  try {
    const body = (await response.json()) as { error?: { code?: unknown } };
    return typeof body?.error?.code === 'string' ? body.error.code.slice(0, 64) : null;
  } catch {
    return null;
  }
}

/** The registry's HTTP API as spec 002 requires it (and as docs/registry/simulator.md documents it). */
export function createHttpRegistryAdapter(options: HttpRegistryAdapterOptions): RegistryAdapter {
  const base = options.baseUrl.replace(/\/+$/, '');
  const maxRetries = options.maxRetries ?? 3;
  const baseDelayMs = options.baseDelayMs ?? 250;
  const maxDelayMs = options.maxDelayMs ?? 8_000;
  const maxRetryAfterMs = options.maxRetryAfterMs ?? 60_000;
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => sleepFor(ms));
  const doFetch = options.fetch ?? fetch;

  /** Answers the response of a 2xx or a 404 (the caller decides what absence means); throws typed errors otherwise. */
  async function request(call: Call): Promise<Response> {
    const url = new URL(`${base}/api/v1${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) if (value !== undefined) url.searchParams.set(name, value);
    // Errors name the path without its query: a query can carry a national identifier.
    const where = { method: call.method, path: url.pathname };
    let lastStatus: number | null = null;
    let lastProblem = '';
    for (let attempt = 0; ; attempt++) {
      await options.rateLimit.take();
      let wait: number | null = null;
      try {
        const response = await doFetch(url, {
          method: call.method,
          headers: { 'x-api-key': options.apiKey, accept: 'application/json', ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
          body: call.body === undefined ? undefined : JSON.stringify(call.body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        if (response.ok || response.status === 404) return response;
        lastStatus = response.status;
        if (!retryable(response.status)) {
          const code = await errorCode(response);
          throw new RegistryRequestError(`The registry refused ${call.method} ${url.pathname}: ${response.status}${code ? ` ${code}` : ''}`, { ...where, status: response.status, code });
        }
        await response.arrayBuffer().catch(() => undefined);
        lastProblem = `answered ${response.status}`;
        wait = retryAfterMs(response.headers.get('retry-after'), Date.now());
        if (wait !== null && wait > maxRetryAfterMs) attempt = maxRetries;
      } catch (error) {
        if (error instanceof RegistryRequestError) throw error;
        lastStatus = null;
        lastProblem = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError') ? `did not answer within ${options.timeoutMs} ms` : 'could not be reached';
      }
      if (attempt >= maxRetries) {
        throw new RegistryUnavailableError(`The registry ${lastProblem} for ${call.method} ${url.pathname} (${attempt + 1} attempts).`, { ...where, attempts: attempt + 1, status: lastStatus });
      }
      // Exponential backoff with full jitter; a Retry-After is a floor.
      const backoff = random() * exponentialRetryDelayMs({ firstDelayMs: baseDelayMs, maxDelayMs }, attempt + 1);
      await sleep(Math.max(backoff, wait ?? 0));
    }
  }

  async function getJson<T>(call: Call): Promise<T | null> {
    const response = await request(call);
    if (response.status === 404) {
      await response.arrayBuffer().catch(() => undefined);
      return null;
    }
    return (await response.json()) as T;
  }

  async function requireJson<T>(call: Call): Promise<T> {
    const found = await getJson<T>(call);
    if (found === null) throw new RegistryRequestError(`The registry has no record for ${call.method} ${call.path}`, { method: call.method, path: call.path, status: 404, code: 'NOT_FOUND' });
    return found;
  }

  async function* listChanged<T>(path: string, since: Date | undefined, pageSize = 100): AsyncIterable<ChangedPage<T>> {
    let cursor: string | undefined;
    do {
      const page = await requireJson<{ data: T[]; nextCursor: string | null }>({ method: 'GET', path, query: { changedSince: since?.toISOString(), limit: String(pageSize), cursor } });
      yield { records: page.data };
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  const id = (value: string) => encodeURIComponent(value);

  /** The bulk export answers gzip-compressed NDJSON (fetch undoes the Content-Encoding) and its paging in headers. */
  async function exportPersons(query: { page: number; pageSize: number; snapshotId?: string }): Promise<PersonExportPage> {
    const call: Call = { method: 'GET', path: '/exports/persons', query: { page: String(query.page), pageSize: String(query.pageSize), snapshot: query.snapshotId } };
    const response = await request(call);
    if (response.status === 404) {
      const code = await errorCode(response);
      throw new RegistryRequestError(`The registry has no export snapshot for page ${query.page}: ${code ?? 'NOT_FOUND'}`, { method: 'GET', path: '/api/v1/exports/persons', status: 404, code });
    }
    const text = await response.text();
    const records = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as RegistryPerson);
    const header = (name: string, fallback: number) => {
      const value = Number(response.headers.get(name));
      return Number.isInteger(value) && value >= 0 ? value : fallback;
    };
    const snapshotId = response.headers.get('x-snapshot-id') ?? query.snapshotId;
    if (!snapshotId) throw new RegistryRequestError('The registry answered an export page without a snapshot id.', { method: 'GET', path: '/api/v1/exports/persons', status: response.status, code: null });
    return { snapshotId, page: header('x-page', query.page), pageSize: header('x-page-size', query.pageSize), totalPages: header('x-total-pages', query.page), total: header('x-total-count', records.length), records };
  }

  return {
    exportPersons,
    getPerson: (personId) => getJson<RegistryPerson>({ method: 'GET', path: `/persons/${id(personId)}` }),
    listPersonsChangedSince: (since, opts) => listChanged<RegistryPerson>('/persons', since, opts?.pageSize),
    async findPersonsByNationalIdentifier(nationalIdentifier) {
      return (await requireJson<{ data: RegistryPerson[] }>({ method: 'GET', path: '/persons', query: { nationalIdentifier } })).data;
    },
    proposePerson: (person: PersonProposal, opts: ProposalOptions) =>
      requireJson<SubmissionReceipt>({ method: 'POST', path: '/persons', body: { person, idempotencyKey: opts.idempotencyKey, ...(opts.evidence ? { evidence: opts.evidence } : {}) } }),
    proposePersonChange: (personId: string, changes: PersonChangeProposal, opts: ProposalOptions) =>
      requireJson<SubmissionReceipt>({ method: 'PATCH', path: `/persons/${id(personId)}`, body: { changes, ...(opts.basedOn ? { basedOn: opts.basedOn } : {}), idempotencyKey: opts.idempotencyKey, ...(opts.evidence ? { evidence: opts.evidence } : {}) } }),
    getSubmission: (submissionId) => getJson<RegistrySubmission>({ method: 'GET', path: `/submissions/${id(submissionId)}` }),
    getOrganization: (organizationId) => getJson<RegistryOrganization>({ method: 'GET', path: `/organizations/${id(organizationId)}` }),
    listOrganizationsChangedSince: (since, opts) => listChanged<RegistryOrganization>('/organizations', since, opts?.pageSize),
    getCodelist: (name, opts) => getJson<RegistryCodelist>({ method: 'GET', path: `/codelists/${id(name)}`, query: { changedSince: opts?.changedSince?.toISOString() } }),
  };
}

