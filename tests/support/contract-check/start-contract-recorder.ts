import { randomUUID } from 'node:crypto';
import { Agent, createServer, type IncomingHttpHeaders, type IncomingMessage, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Exchange, Violation } from './judge-exchange';
import type { OperationMatcher } from './match-operation';

type Answer = { status: number; rawHeaders: string[]; body: Buffer };

export type ContractRecorder = {
  url: string;
  /** Exchanges Prism judged; `unjudged` those it could not (e.g. a body that is not JSON, which Prism refuses itself). */
  exchanges: Exchange[];
  unjudged: { method: string; url: string; status: number; reason: string }[];
  /** From now on, each exchange is also replayed through Prism. */
  judgeWith: (prismUrl: string) => void;
  /** Resolves once every exchange so far has been judged. */
  settle: () => Promise<void>;
  close: () => Promise<void>;
};

// Marks Prism's forwarded copy of a request: the recorder answers it with the server's recorded answer.
const REPLAY_HEADER = 'x-contract-replay';
// Sent with a length of their own; the rest travels as it came.
const framing = new Set(['connection', 'keep-alive', 'transfer-encoding', 'content-length']);
// Prism validates in one process; a few exchanges at a time keep it from queueing the whole suite at once.
const PARALLEL_JUDGEMENTS = 4;

function readBody(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    message.on('data', (chunk: Buffer) => chunks.push(chunk));
    message.on('end', () => resolve(Buffer.concat(chunks)));
    message.on('error', reject);
  });
}

function withoutFraming(rawHeaders: string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) if (!framing.has(rawHeaders[i]!.toLowerCase())) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  return kept;
}

function send(origin: URL, agent: Agent, method: string, url: string, headers: IncomingHttpHeaders, body: Buffer): Promise<Answer> {
  const sent: IncomingHttpHeaders = Object.fromEntries(Object.entries(headers).filter(([name]) => !framing.has(name)));
  if (body.length > 0 || method === 'POST' || method === 'PATCH' || method === 'PUT') sent['content-length'] = String(body.length);
  return new Promise((resolve, reject) => {
    const outgoing = request({ hostname: origin.hostname, port: origin.port, method, path: url, headers: sent, agent }, (response) => {
      readBody(response).then((answer) => resolve({ status: response.statusCode ?? 0, rawHeaders: response.rawHeaders, body: answer }), reject);
    });
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

// Prism's validator and logger recurse through a JSON body and overflow their stack on deep ones (the tests send
// thousands of levels to check the server's own limit of 32); such a body cannot be valid anyway.
const PRISM_MAX_DEPTH = 64;

function nestingDepth(body: Buffer): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < body.length; i++) {
    const byte = body[i];
    if (inString) {
      if (byte === 0x5c) i++;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) deepest = Math.max(deepest, ++depth);
    else if (byte === 0x7d || byte === 0x5d) depth--;
  }
  return deepest;
}

// Prism's router ends the process on a path it cannot decode (URIError); the server refuses such paths itself.
function isDecodable(url: string): boolean {
  try {
    decodeURIComponent(url);
    return true;
  } catch {
    return false;
  }
}

function errorCodeOf(answer: Answer): string | undefined {
  if (answer.status < 400) return undefined;
  try {
    const code: unknown = (JSON.parse(answer.body.toString('utf8')) as { error?: { code?: unknown } }).error?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

function parseViolations(header: string | string[] | undefined): Violation[] {
  if (typeof header !== 'string') return [];
  try {
    return JSON.parse(header) as Violation[];
  } catch {
    // Prism cuts the header at 8 KB ("Too many violations! …"): keep what it says as one violation.
    return [{ location: ['response'], severity: 'Error', message: header.slice(0, 500) }];
  }
}

/**
 * A transparent hop in front of the app server: each request goes to the app exactly as the test sent it (Host
 * included, which names the tenant, and which Prism would drop) and its answer goes back unchanged. Afterwards the
 * same request is sent through Prism's proxy, whose upstream is this recorder answering with the recorded answer;
 * Prism's verdict on both halves is kept. The tests thus see the real server, and Prism sees the real traffic.
 */
export async function startContractRecorder(appUrl: string, matchOperation: OperationMatcher): Promise<ContractRecorder> {
  const app = new URL(appUrl);
  // A connection per request, as the tests open them: a kept-alive socket the server closes while a request is on
  // its way answers ECONNRESET, and a request cannot safely be sent again.
  const agent = new Agent({ keepAlive: false, maxSockets: Infinity });
  const answers = new Map<string, Answer>();
  const exchanges: Exchange[] = [];
  const unjudged: ContractRecorder['unjudged'] = [];
  const pending = new Set<Promise<void>>();
  const queue: (() => Promise<void>)[] = [];
  let running = 0;
  let prism: URL | null = null;

  const next = () => {
    while (running < PARALLEL_JUDGEMENTS && queue.length > 0) {
      running++;
      void queue.shift()!().finally(() => {
        running--;
        next();
      });
    }
  };

  const judge = async (method: string, url: string, headers: IncomingHttpHeaders, body: Buffer, answer: Answer) => {
    if (!isDecodable(url)) {
      unjudged.push({ method, url, status: answer.status, reason: 'a path that is not valid percent-encoding' });
      return;
    }
    if (nestingDepth(body) > PRISM_MAX_DEPTH) {
      unjudged.push({ method, url, status: answer.status, reason: `a body nested more than ${PRISM_MAX_DEPTH} levels deep` });
      return;
    }
    const id = randomUUID();
    answers.set(id, answer);
    // Prism drops the Host anyway; the body goes with a length of its own, even one the test sent chunked.
    const forwarded = Object.fromEntries(Object.entries(headers).filter(([name]) => name !== 'host' && !framing.has(name)));
    try {
      const verdict = await new Promise<{ status: number; violations: Violation[]; text: string }>((resolve, reject) => {
        const outgoing = request({ hostname: prism!.hostname, port: prism!.port, method, path: url, headers: { ...forwarded, [REPLAY_HEADER]: id, 'content-length': String(body.length) }, agent }, (response) => {
          readBody(response).then((text) => resolve({ status: response.statusCode ?? 0, violations: parseViolations(response.headers['sl-violations']), text: text.toString('utf8') }), reject);
        });
        outgoing.on('error', reject);
        outgoing.end(body);
      });
      if (answers.has(id)) unjudged.push({ method, url, status: answer.status, reason: `Prism answered ${verdict.status} without forwarding: ${verdict.text.slice(0, 300)}` });
      else exchanges.push({ method, url, operation: matchOperation(method, url.split('?')[0]!), status: answer.status, errorCode: errorCodeOf(answer), violations: verdict.violations });
    } catch (error) {
      unjudged.push({ method, url, status: answer.status, reason: String(error) });
    } finally {
      answers.delete(id);
    }
  };

  const server = createServer((incoming, outgoing) => {
    void (async () => {
      const replay = incoming.headers[REPLAY_HEADER];
      const body = await readBody(incoming);
      if (typeof replay === 'string') {
        const answer = answers.get(replay);
        answers.delete(replay);
        if (!answer) return outgoing.writeHead(502).end();
        return outgoing.writeHead(answer.status, [...withoutFraming(answer.rawHeaders), 'content-length', String(answer.body.length)]).end(answer.body);
      }
      const method = incoming.method ?? 'GET';
      const url = incoming.url ?? '/';
      const answer = await send(app, agent, method, url, incoming.headers, body);
      outgoing.writeHead(answer.status, [...withoutFraming(answer.rawHeaders), 'content-length', String(answer.body.length)]).end(answer.body);
      if (!prism) return;
      const judged = new Promise<void>((resolve) => queue.push(() => judge(method, url, incoming.headers, body, answer).finally(resolve)));
      pending.add(judged);
      void judged.finally(() => pending.delete(judged));
      next();
    })().catch((error: unknown) => {
      // A test that drops its own request (a body cut off on purpose) is no failure of the recorder's.
      if ((error as { code?: string }).code === 'ECONNRESET' && incoming.destroyed) return;
      console.error('contract recorder:', error);
      if (!outgoing.headersSent) outgoing.writeHead(502, { 'content-type': 'text/plain' });
      outgoing.end(`contract recorder: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    exchanges,
    unjudged,
    judgeWith: (prismUrl) => (prism = new URL(prismUrl)),
    settle: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
