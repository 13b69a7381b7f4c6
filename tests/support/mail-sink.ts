import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type SinkMessage = {
  id: string;
  idempotencyKey: string | null;
  from: string;
  to: string | string[];
  subject: string;
  html: string;
  text: string;
};

/** A DELETE of a contact, as resend.contacts.remove() sends it: the address, and the audience when one was named. */
export type SinkContactRemoval = { email: string; audienceId: string | null };

export type MailSink = {
  url: string;
  apiKey: string;
  /** Every contact removal received, in order. */
  contactRemovals(): SinkContactRemoval[];
  /** Stored messages: one per idempotency key, however often it was posted. */
  messages(): SinkMessage[];
  /** Every POST /emails, answered or refused. */
  requestCount(): number;
  /** Answer the next `count` requests with 500, as Resend does when it is having a bad day. */
  failNext(count: number): void;
  stop(): Promise<void>;
};

type Answer = { status: number; body: unknown };

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function respond(res: ServerResponse, { status, body }: Answer): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const error = (status: number, name: string, message: string): Answer => ({ status, body: { statusCode: status, name, message } });

/** A local stand-in for Resend's POST /emails, on 127.0.0.1, for the real Resend SDK via its baseUrl. */
export async function startMailSink(apiKey = `re_test_${randomUUID().replaceAll('-', '')}`): Promise<MailSink> {
  const stored: SinkMessage[] = [];
  const removals: SinkContactRemoval[] = [];
  const answers = new Map<string, Answer>();
  let requests = 0;
  let failures = 0;

  async function handle(req: IncomingMessage): Promise<Answer> {
    // Not part of Resend's API: lets browser tests, which run in another process, read what was sent.
    if (req.method === 'GET' && req.url === '/emails' && req.headers.authorization === `Bearer ${apiKey}`) {
      return { status: 200, body: { data: stored } };
    }
    if (req.method === 'GET' && req.url === '/contact-removals' && req.headers.authorization === `Bearer ${apiKey}`) {
      return { status: 200, body: { data: removals } };
    }
    const contact = req.method === 'DELETE' ? /^(?:\/audiences\/([^/]+))?\/contacts\/([^/?]+)$/.exec(req.url ?? '') : null;
    if (contact) {
      if (req.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'missing_api_key', 'Missing or wrong API key');
      const email = decodeURIComponent(contact[2]!);
      removals.push({ email, audienceId: contact[1] ? decodeURIComponent(contact[1]) : null });
      return { status: 200, body: { object: 'contact', contact: randomUUID(), deleted: true } };
    }
    if (req.method !== 'POST' || req.url !== '/emails') return error(404, 'not_found', 'Unknown endpoint');
    requests += 1;
    if (req.headers.authorization !== `Bearer ${apiKey}`) return error(401, 'missing_api_key', 'Missing or wrong API key');
    if (failures > 0) {
      failures -= 1;
      return error(500, 'internal_server_error', 'The sink was told to fail');
    }
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return error(400, 'invalid_json', 'The body is not JSON');
    }
    if (typeof body.from !== 'string' || !body.to || typeof body.subject !== 'string' || typeof body.html !== 'string') {
      return error(422, 'validation_error', 'from, to, subject and html are required');
    }
    const key = typeof req.headers['idempotency-key'] === 'string' ? req.headers['idempotency-key'] : null;
    const earlier = key ? answers.get(key) : undefined;
    if (earlier) return earlier;
    const id = randomUUID();
    stored.push({ id, idempotencyKey: key, from: body.from, to: body.to as string | string[], subject: body.subject, html: body.html, text: String(body.text ?? '') });
    const answer: Answer = { status: 200, body: { id } };
    if (key) answers.set(key, answer);
    return answer;
  }

  const server = createServer((req, res) => {
    handle(req).then(
      (answer) => respond(res, answer),
      () => respond(res, error(500, 'internal_server_error', 'Sink error')),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    apiKey,
    messages: () => [...stored],
    contactRemovals: () => [...removals],
    requestCount: () => requests,
    failNext: (count) => {
      failures = count;
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
}
