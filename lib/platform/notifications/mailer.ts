import { randomUUID } from 'node:crypto';
import { Resend } from 'resend';
import type { Config } from '@/lib/platform/config';

export type OutgoingEmail = { from: string; to: string; subject: string; html: string; text: string; idempotencyKey: string };

export type Mailer = {
  via: 'resend' | 'dev-mailbox';
  send(message: OutgoingEmail): Promise<{ id: string }>;
};

/** A refused send. `retryable` is false when sending the same message again cannot succeed (a 4xx). */
export class MailerError extends Error {
  override name = 'MailerError';
  constructor(
    message: string,
    readonly retryable: boolean,
  ) {
    super(message);
  }
}

// 408, 409 (a concurrent request with the same idempotency key) and 429 are worth another try; other
// client errors are not. No status means the request never got an answer.
function isRetryable(statusCode: number | null | undefined): boolean {
  return statusCode == null || statusCode >= 500 || statusCode === 408 || statusCode === 409 || statusCode === 429;
}

export function createResendMailer(apiKey: string, baseUrl?: string): Mailer {
  const resend = new Resend(apiKey, baseUrl ? { baseUrl: baseUrl.replace(/\/+$/, '') } : undefined);
  return {
    via: 'resend',
    async send({ idempotencyKey, ...message }) {
      const { data, error } = await resend.emails.send(message, { idempotencyKey });
      if (error) {
        throw new MailerError(`Resend ${error.statusCode ?? 'request'} ${error.name}: ${error.message}`, isRetryable(error.statusCode));
      }
      if (!data?.id) throw new MailerError('Resend answered without a message id', true);
      return { id: data.id };
    },
  };
}

/** Without a Resend key nothing leaves the machine: the message stays in the outbox for the dev mailbox page. */
export function createDevMailboxMailer(): Mailer {
  return { via: 'dev-mailbox', send: async () => ({ id: `dev-${randomUUID()}` }) };
}

/** Whether a queued e-mail actually reaches anyone, so that screens never claim more than that. */
export function sendsEmail(config: Pick<Config, 'RESEND_API_KEY'>): boolean {
  return Boolean(config.RESEND_API_KEY);
}

export function createMailer(config: Pick<Config, 'RESEND_API_KEY' | 'RESEND_BASE_URL'>): Mailer {
  return config.RESEND_API_KEY ? createResendMailer(config.RESEND_API_KEY, config.RESEND_BASE_URL) : createDevMailboxMailer();
}
