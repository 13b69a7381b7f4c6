import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { signWebhookPayload } from './sign-webhook';
import type { RegistryEvent } from './types';

export type WebhookTarget = {
  url: string;
  /** Signs with the first; the others are listed for rotation. */
  secrets: string[];
  /** Extra request headers on every delivery, e.g. X-Forwarded-For when the simulator stands behind a stand-in proxy. */
  headers?: Record<string, string>;
};
export type SignedEvent = RegistryEvent & { deliveryId: string; signature: string };
export type DeliveryAttempt = { at: string; status: number | null; error: string | null };
/** not_configured: no webhook URL was set, so the event was only recorded. */
export type DeliveryOutcome = 'pending' | 'delivered' | 'failed' | 'dropped' | 'not_configured';
export type DeliveryRecord = { deliveryId: string; event: RegistryEvent['event']; body: SignedEvent | null; attempts: DeliveryAttempt[]; outcome: DeliveryOutcome };

export type WebhookSenderOptions = {
  target?: WebhookTarget;
  now: () => Date;
  random: () => number;
  /** Share of events that are never sent, as if lost on the way. */
  dropRate: () => number;
  /** Pause before each retry; at most three retries are made whatever the length. */
  retryDelaysMs: number[];
  timeoutMs: number;
};

const maxRetries = 3;

export function createWebhookSender(options: WebhookSenderOptions) {
  let target = options.target;
  let records: DeliveryRecord[] = [];
  const inFlight = new Set<Promise<void>>();
  const stopping = new AbortController();

  async function deliver(record: DeliveryRecord, { url, headers: extra }: WebhookTarget): Promise<void> {
    const delays = options.retryDelaysMs.slice(0, maxRetries);
    for (let attempt = 0; attempt <= delays.length; attempt++) {
      if (attempt > 0) {
        try {
          await sleep(delays[attempt - 1], undefined, { signal: stopping.signal });
        } catch {
          break;
        }
      }
      const at = options.now().toISOString();
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: {
            ...extra,
            'content-type': 'application/json',
            'x-registry-signature': record.body!.signature,
            'x-registry-delivery': record.deliveryId,
            'x-registry-event': record.event,
          },
          body: JSON.stringify(record.body),
          signal: AbortSignal.timeout(options.timeoutMs),
        });
        await response.arrayBuffer().catch(() => undefined);
        record.attempts.push({ at, status: response.status, error: null });
        if (response.ok) {
          record.outcome = 'delivered';
          return;
        }
      } catch (error) {
        record.attempts.push({ at, status: null, error: error instanceof Error ? error.message : String(error) });
      }
    }
    record.outcome = 'failed';
  }

  return {
    /** Records the event and, unless it is dropped, delivers it in the background. */
    send(event: RegistryEvent): DeliveryRecord {
      const deliveryId = randomUUID();
      const record: DeliveryRecord = { deliveryId, event: event.event, body: null, attempts: [], outcome: 'not_configured' };
      records.push(record);
      if (!target || target.secrets.length === 0) return record;
      const unsigned = { ...event, deliveryId };
      record.body = { ...unsigned, signature: signWebhookPayload(unsigned, target.secrets[0]!) } as SignedEvent;
      if (options.random() < options.dropRate()) {
        record.outcome = 'dropped';
        return record;
      }
      record.outcome = 'pending';
      const running = deliver(record, target).finally(() => inFlight.delete(running));
      inFlight.add(running);
      return record;
    },
    deliveries: (): DeliveryRecord[] => structuredClone(records),
    setTarget(next: WebhookTarget | undefined) {
      target = next;
    },
    get target() {
      return target;
    },
    clear() {
      records = [];
    },
    /** Abandons pending retries (their deliveries end as failed). */
    stop() {
      stopping.abort();
    },
    /** Resolves once no delivery is in progress, including retries. */
    async idle(): Promise<void> {
      while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
    },
  };
}

export type WebhookSender = ReturnType<typeof createWebhookSender>;
