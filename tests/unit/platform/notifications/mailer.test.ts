import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { retryDelayMs } from '@/lib/transport/jobs/deliver-outbox';
import { createMailer, createResendMailer, MailerError } from '@/lib/platform/notifications/mailer';
import { type MailSink, startMailSink } from '../../../support/mail-sink';

let sink: MailSink;
beforeAll(async () => {
  sink = await startMailSink();
});
afterAll(() => sink.stop());

const message = { from: 'Acme <no-reply@acme.example>', to: 'emma@acme.example', subject: 'Hello', html: '<p>Hello</p>', text: 'Hello', idempotencyKey: 'outbox-1' };

async function sendError(send: () => Promise<unknown>): Promise<MailerError> {
  const error = await send().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(MailerError);
  return error as MailerError;
}

describe('createMailer', () => {
  it('sends through Resend when a key is configured, with the idempotency key as header', async () => {
    const mailer = createMailer({ RESEND_API_KEY: sink.apiKey, RESEND_BASE_URL: `${sink.url}/` });
    expect(mailer.via).toBe('resend');

    const first = await mailer.send(message);
    const again = await mailer.send(message);

    expect(again).toEqual(first);
    expect(sink.messages()).toEqual([expect.objectContaining({ id: first.id, idempotencyKey: 'outbox-1', to: 'emma@acme.example', html: '<p>Hello</p>', text: 'Hello' })]);
  });

  it('keeps mail on the machine without a key', async () => {
    const mailer = createMailer({ RESEND_API_KEY: undefined, RESEND_BASE_URL: sink.url });
    const before = sink.requestCount();
    expect(mailer.via).toBe('dev-mailbox');
    expect((await mailer.send(message)).id).toMatch(/^dev-/);
    expect(sink.requestCount()).toBe(before);
  });

  it('classifies refusals: server errors and unreachable hosts are retried, client errors are not', async () => {
    sink.failNext(1);
    expect((await sendError(() => createResendMailer(sink.apiKey, sink.url).send({ ...message, idempotencyKey: 'outbox-2' }))).retryable).toBe(true);

    const unauthorised = await sendError(() => createResendMailer('re_wrong_key_123456', sink.url).send(message));
    expect(unauthorised.retryable).toBe(false);
    expect(unauthorised.message).toMatch(/^Resend 401 missing_api_key/);

    expect((await sendError(() => createResendMailer(sink.apiKey, 'http://127.0.0.1:9').send(message))).retryable).toBe(true);
  });
});

describe('retryDelayMs', () => {
  it('doubles from 30 seconds and stops at an hour', () => {
    expect([1, 2, 3, 7, 8, 12].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000, 1_920_000, 3_600_000, 3_600_000]);
  });
});
