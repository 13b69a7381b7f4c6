import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deliverOutbox, type DeliverOutboxDeps } from '@/lib/transport/jobs/deliver-outbox';
import { createDevMailboxMailer, createMailer, type Mailer } from '@/lib/platform/notifications/mailer';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import type { EmailTemplateData } from '@/lib/platform/notifications/email-templates';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb, outboxRows, racingDb, setBranding, testClock } from '../../../support/job-db';
import { type MailSink, startMailSink } from '../../../support/mail-sink';

// Messages are made due at a clock in the 1970s, each test a year earlier than the one before, so that no
// other test's outbox rows (due "now") or earlier tests' leftovers are ever due for this test's runs.
const db = jobDb();
let year = 1980;
let sink: MailSink;

beforeEach(async () => {
  sink = await startMailSink();
});
afterEach(() => sink.stop());

function setUp() {
  year -= 1;
  const clock = testClock(`${year}-06-01T09:00:00Z`);
  const mailer = createMailer({ RESEND_API_KEY: sink.apiKey, RESEND_BASE_URL: sink.url });
  const deps = (over: Partial<DeliverOutboxDeps> = {}): DeliverOutboxDeps => ({ db, mailer, now: clock.now, emailFrom: 'Quartermaster <no-reply@quartermaster.test>', ...over });
  return { clock, mailer, deps };
}

const approved = (loanId: string, assetName = 'Canon EOS R6'): EmailTemplateData<'loan-approved'> => ({
  loanId,
  assetName,
  startDate: '2026-05-04',
  endDate: '2026-05-08',
  approverName: 'Marcus Reyes',
});

async function enqueue(tenant: TestTenant, key: string, dueAt: Date, payload: { template: string; data: unknown } = { template: 'loan-approved', data: approved(crypto.randomUUID()) }) {
  await withTenant(db, tenant.id, (tx) =>
    enqueueEmail(tx, { organisationId: tenant.id }, { template: payload.template as 'loan-approved', to: 'emma.stone@example.test', idempotencyKey: key, data: payload.data as Record<string, unknown> }),
  );
  await ownerDb()`update outbox set next_attempt_at = ${dueAt} where organisation_id = ${tenant.id} and idempotency_key = ${key}`;
}

describe('deliverOutbox', () => {
  it('sends through the Resend SDK with the tenant branding and records the delivery', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    await setBranding(tenant.id, { primaryColor: '#0a7f5c', accentColor: '#d9480f' });
    const loanId = crypto.randomUUID();
    await enqueue(tenant, `loan-approved:${loanId}`, clock.now(), { template: 'loan-approved', data: approved(loanId, 'Canon EOS <R6>') });

    expect(await deliverOutbox(deps({ appBaseUrl: 'https://quartermaster.test' }))).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });

    const [row] = await outboxRows(tenant.id);
    const [message, ...others] = sink.messages();
    expect(others).toHaveLength(0);
    expect(message).toMatchObject({
      idempotencyKey: `outbox-${row!.id}`,
      from: 'Quartermaster <no-reply@quartermaster.test>',
      to: 'emma.stone@example.test',
      subject: 'Your loan of Canon EOS <R6> is approved',
    });
    expect(message!.html).toContain('Canon EOS &lt;R6&gt;');
    expect(message!.html).not.toContain('<R6>');
    expect(message!.html).toContain('background-color:#0a7f5c');
    expect(message!.html).toContain('background-color:#d9480f');
    expect(message!.html).toContain(`Tenant ${tenant.slug}`);
    expect(message!.html).toContain(`https://${tenant.slug}.quartermaster.test/loans/${loanId}`);
    expect(message!.text).toContain('Canon EOS <R6>');
    expect(row).toMatchObject({ status: 'SENT', attempts: 1, delivered_via: 'resend', provider_message_id: message!.id, sent_at: clock.now(), last_error: null });
  });

  it('retries with exponential backoff while Resend answers 500, then delivers each message once', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    await enqueue(tenant, 'first', clock.now());
    await enqueue(tenant, 'second', clock.now());
    sink.failNext(3);

    expect(await deliverOutbox(deps())).toEqual({ sent: 0, retried: 2, failed: 0, held: 0 });
    let rows = await outboxRows(tenant.id);
    expect(rows.map((r) => [r.status, r.attempts, r.next_attempt_at.getTime() - clock.now().getTime()])).toEqual([
      ['PENDING', 1, 30_000],
      ['PENDING', 1, 30_000],
    ]);
    expect(rows[0]!.last_error).toMatch(/Resend 500 internal_server_error/);
    expect(rows[0]!.last_error).not.toContain(sink.apiKey);

    clock.advance(29_000);
    expect(await deliverOutbox(deps())).toEqual({ sent: 0, retried: 0, failed: 0, held: 0 });

    clock.advance(1_000);
    expect(await deliverOutbox(deps())).toEqual({ sent: 1, retried: 1, failed: 0, held: 0 });
    rows = await outboxRows(tenant.id);
    const waiting = rows.find((r) => r.status === 'PENDING')!;
    expect(waiting.attempts).toBe(2);
    expect(waiting.next_attempt_at.getTime() - clock.now().getTime()).toBe(60_000);

    clock.advance(60_000);
    expect(await deliverOutbox(deps())).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });

    rows = await outboxRows(tenant.id);
    expect(rows.every((r) => r.status === 'SENT')).toBe(true);
    expect(sink.requestCount()).toBe(5);
    expect(sink.messages().map((m) => m.idempotencyKey).sort()).toEqual(rows.map((r) => `outbox-${r.id}`).sort());
  });

  it('sends again with the same idempotency key when the outcome was lost, and the provider keeps one', async () => {
    const { clock, mailer, deps } = setUp();
    const tenant = await createTenant();
    await enqueue(tenant, 'lost-answer', clock.now());
    let crashes = 1;
    // The provider accepted the message but the answer never came back (a timeout, a dying process).
    const flaky: Mailer = {
      via: 'resend',
      async send(message) {
        const result = await mailer.send(message);
        if (crashes-- > 0) throw new Error('socket hang up');
        return result;
      },
    };

    expect(await deliverOutbox(deps({ mailer: flaky }))).toEqual({ sent: 0, retried: 1, failed: 0, held: 0 });
    clock.advance(30_000);
    expect(await deliverOutbox(deps({ mailer: flaky }))).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });

    const [row] = await outboxRows(tenant.id);
    expect(sink.requestCount()).toBe(2);
    expect(sink.messages()).toHaveLength(1);
    expect(row).toMatchObject({ status: 'SENT', attempts: 2, provider_message_id: sink.messages()[0]!.id });
  });

  it('gives up after 8 attempts and marks the message FAILED', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    await enqueue(tenant, 'doomed', clock.now());
    sink.failNext(100);

    const results = [];
    for (let attempt = 1; attempt <= 9; attempt++) {
      results.push(await deliverOutbox(deps()));
      clock.advance(60 * 60_000);
    }

    expect(results.map((r) => `${r.retried}/${r.failed}`)).toEqual(['1/0', '1/0', '1/0', '1/0', '1/0', '1/0', '1/0', '0/1', '0/0']);
    const [row] = await outboxRows(tenant.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 8, sent_at: null });
    expect(row!.last_error).toMatch(/500/);
    expect(sink.requestCount()).toBe(8);
    expect(sink.messages()).toHaveLength(0);
  });

  it('fails at once when Resend refuses the request itself (a 4xx)', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    await enqueue(tenant, 'refused', clock.now());
    const revoked = createMailer({ RESEND_API_KEY: 're_revoked_key_0000', RESEND_BASE_URL: sink.url });

    expect(await deliverOutbox(deps({ mailer: revoked }))).toEqual({ sent: 0, retried: 0, failed: 1, held: 0 });

    const [row] = await outboxRows(tenant.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(row!.last_error).toMatch(/Resend 401 missing_api_key/);
    expect(sink.messages()).toHaveLength(0);
  });

  it('sends each message once when two runners work at the same time', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    for (let i = 0; i < 12; i++) await enqueue(tenant, `burst-${i}`, clock.now());

    const racing = racingDb(db, 2);
    const [a, b] = await Promise.all([deliverOutbox(deps({ db: racing }), { limit: 5 }), deliverOutbox(deps({ db: racing }), { limit: 5 })]);

    expect(a.sent + b.sent).toBe(12);
    expect(sink.requestCount()).toBe(12);
    expect(new Set(sink.messages().map((m) => m.idempotencyKey)).size).toBe(12);
    expect((await outboxRows(tenant.id)).every((r) => r.status === 'SENT' && r.attempts === 1)).toBe(true);
  });

  it('keeps mail local with the dev mailbox transport', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    await enqueue(tenant, 'local', clock.now());

    expect(await deliverOutbox(deps({ mailer: createDevMailboxMailer() }))).toEqual({ sent: 1, retried: 0, failed: 0, held: 0 });

    expect(await outboxRows(tenant.id)).toEqual([expect.objectContaining({ status: 'SENT', delivered_via: 'dev-mailbox', provider_message_id: expect.stringMatching(/^dev-/) })]);
    expect(sink.requestCount()).toBe(0);
  });

  it('fails a message whose stored data no template accepts, without sending or retrying', async () => {
    const { clock, deps } = setUp();
    const tenant = await createTenant();
    await enqueue(tenant, 'broken', clock.now(), { template: 'loan-approved', data: { loanId: 'not-a-uuid' } });

    expect(await deliverOutbox(deps())).toEqual({ sent: 0, retried: 0, failed: 1, held: 0 });

    const [row] = await outboxRows(tenant.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 1 });
    expect(row!.last_error).toMatch(/InvalidEmailPayloadError: Invalid data for loan-approved: loanId/);
    expect(sink.requestCount()).toBe(0);
  });
});
