import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export type ReceivedWebhook = { headers: Record<string, string | string[] | undefined>; rawBody: string; body: Record<string, unknown> };

/** A stand-in for the platform's webhook endpoint: records what arrives and answers with the status it is told. */
export async function startWebhookReceiver(answer: (index: number) => number = () => 202) {
  const received: ReceivedWebhook[] = [];
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const rawBody = Buffer.concat(chunks).toString('utf8');
    const index = received.length;
    received.push({ headers: req.headers, rawBody, body: JSON.parse(rawBody) as Record<string, unknown> });
    res.writeHead(answer(index)).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/webhooks/external-registry`,
    received,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export type WebhookReceiver = Awaited<ReturnType<typeof startWebhookReceiver>>;
