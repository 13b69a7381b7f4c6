import { Inngest } from 'inngest';
import { getConfig } from '@/lib/platform/config';

const config = getConfig();

/** The production job engine's client; keys come from configuration, never from the SDK reading env itself. */
export const inngest = new Inngest({
  id: 'quartermaster',
  eventKey: config.INNGEST_EVENT_KEY,
  signingKey: config.INNGEST_SIGNING_KEY,
  baseUrl: config.INNGEST_BASE_URL,
  isDev: config.INNGEST_DEV,
});

/** The event dispatcher when Inngest runs the jobs (see lib/platform/jobs/dispatch-event.ts). */
export async function sendInngestEvent(name: string): Promise<void> {
  await inngest.send({ name, data: {} });
}
