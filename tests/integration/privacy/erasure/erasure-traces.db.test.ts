import { randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { createContext } from '@/lib/platform/core/context';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createActivity, createActivityComment, createDataExport, createPerson, createPersonChangeRequest, createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';

const secret = randomBytes(32).toString('base64url');
const now = new Date(Math.ceil(Date.now() / 1000) * 1000 + 60_000);

async function erase(tenant: TestTenant, personId: string) {
  const { ctx } = createContext({ organisationId: tenant.id, user: null, requestId: `test-${randomUUID()}`, now });
  return withTenant(jobDb(), tenant.id, (tx) => erasePerson(tx, ctx, personId, { scope: 'full' }, secret));
}

const email = (sql: ReturnType<typeof ownerDb>, tenant: TestTenant, row: { key: string; status: string; to: string; template: string; data: Record<string, unknown> }) =>
  sql`insert into outbox (organisation_id, kind, idempotency_key, payload, status, sent_at)
    values (${tenant.id}, 'EMAIL', ${row.key}, ${sql.json({ template: row.template, to: row.to, data: row.data } as never)}, ${row.status}, ${row.status === 'SENT' ? new Date() : null}) returning id`;

describe('erasure leaves nothing that leads back to the subject (spec 001, issue 23 item 3)', () => {
  let tenant: TestTenant;
  beforeAll(async () => {
    tenant = await createTenant();
  });

  it('scrubs the outbox, other people’s notifications, stored API answers and registry traces, and deletes comment bodies', async () => {
    const sql = ownerDb();
    const address = `traces-${randomUUID()}@example.test`;
    const oldAddress = `old-${randomUUID()}@example.test`;
    const personId = await createPerson(tenant.id, { first_name: 'Wilhelmina', last_name: 'Traceable', official_email: address });
    const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role) values (${tenant.id}, ${personId}, ${`sub-${randomUUID()}`}, ${address}, 'EMPLOYEE') returning id`;
    const userId = user!.id as string;
    const [assetId] = await insertAssets(tenant, [{ name: 'Trace camera' }]);
    const [loan] = await sql`insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose) values (${tenant.id}, ${assetId!}, ${userId}, 'RETURNED', '2025-01-02', '2025-01-03', 'Club photos') returning id`;
    const loanId = loan!.id as string;
    const exportId = await createDataExport(tenant.id, { person_id: personId, requested_by_user_id: userId, status: 'expired' });
    // A proposal of a new official address sends its confirmation to that address, which the person never got.
    const proposalId = await createPersonChangeRequest(tenant.id, { person_id: personId, fields: { officialEmail: { from: address, to: oldAddress } } });
    const comment = await createActivityComment(tenant.id, { activity_id: await createActivity(tenant.id), author_person_id: personId, body: 'I was injured that week.' });

    const manager = (await sql`select email from users where id = ${tenant.manager.id}`)[0]!.email as string;
    const [sentToThem] = await email(sql, tenant, { key: `data-export-ready:${exportId}`, status: 'SENT', to: address, template: 'data-export-ready', data: { dataExportId: exportId, format: 'json', token: null, linkExpiresAt: now.toISOString() } });
    const [confirmation] = await email(sql, tenant, { key: `official-email-confirmation:${proposalId}`, status: 'SENT', to: oldAddress, template: 'official-email-confirmation', data: { proposalId, name: 'Wilhelmina Traceable', token: null, expiresAt: now.toISOString() } });
    const [aboutThem] = await email(sql, tenant, {
      key: `loan-requested:${loanId}:${tenant.manager.id}`,
      status: 'SENT',
      to: manager,
      template: 'loan-requested',
      data: { loanId, assetName: 'Trace camera', assetInventoryNumber: 'INV-1', requesterName: 'Wilhelmina Traceable', startDate: '2025-01-02', endDate: '2025-01-03', purpose: 'Club photos', approverName: 'M' },
    });
    const [registryAlert] = await email(sql, tenant, { key: `registry-sync-conflict:${personId}:1:${tenant.admin.id}`, status: 'PENDING', to: manager, template: 'registry-sync-conflict', data: { personId, personName: 'Wilhelmina Traceable', registryId: 'P-1', fields: ['lastName'] } });
    const [unrelated] = await email(sql, tenant, { key: `unrelated:${randomUUID()}`, status: 'SENT', to: manager, template: 'loan-overdue', data: { loanId: randomUUID(), assetName: 'Other', endDate: '2025-01-01' } });

    const [loanNotice] = await sql`insert into notifications (organisation_id, user_id, kind, title, body, loan_id) values (${tenant.id}, ${tenant.manager.id}, 'LOAN_EXTENSION_REQUESTED', 'Extension request: Trace camera', 'Wilhelmina Traceable asks to keep Trace camera longer.', ${loanId}) returning id`;
    const [naming] = await sql`insert into notifications (organisation_id, user_id, kind, title, body) values (${tenant.id}, ${tenant.admin.id}, 'REGISTRY_SYNC_CONFLICT', 'Registry conflict: Wilhelmina Traceable', 'The registry changed lastName of Wilhelmina Traceable (P-1).') returning id`;
    await sql`insert into idempotency_keys (organisation_id, user_id, key, request_method, request_path, request_fingerprint, expires_at) values (${tenant.id}, ${userId}, 'k-1', 'POST', '/api/v1/loans', ${'a'.repeat(64)}, now() + interval '1 day')`;
    await sql`update persons set registry_id = 'P-1', sync_status = 'conflict' where id = ${personId}`;
    await sql`insert into person_sync_conflicts (organisation_id, person_id, registry_id, field, base_value, local_value, registry_value, local_change, source, detected_at)
      values (${tenant.id}, ${personId}, 'P-1', 'lastName', 'Traceable', 'Traceable-Smith', 'Trace', 'edited', 'webhook', now())`;

    const counts = await erase(tenant, personId);

    // The outbox no longer joins an address to the anonymised person, nor holds their address or name anywhere.
    const joined = await sql`select o.id from outbox o join data_exports d on d.organisation_id = o.organisation_id and d.id::text = o.payload -> 'data' ->> 'dataExportId'
      where o.organisation_id = ${tenant.id} and d.person_id = ${personId}`;
    expect(joined).toEqual([]);
    const leaking = await sql`select id from outbox where organisation_id = ${tenant.id} and (payload::text ilike ${`%${address}%`} or payload::text ilike ${`%${oldAddress}%`} or payload::text like '%Traceable%')`;
    expect(leaking).toEqual([]);
    const rows = await sql`select id, status, payload, last_error from outbox where id in ${sql([sentToThem!.id, confirmation!.id, aboutThem!.id, registryAlert!.id, unrelated!.id])}`;
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[sentToThem!.id]).toMatchObject({ status: 'SENT', payload: { erased: true } });
    expect(byId[confirmation!.id]).toMatchObject({ status: 'SENT', payload: { erased: true } });
    expect(byId[aboutThem!.id]).toMatchObject({ status: 'SENT', payload: { erased: true } });
    // Still queued: not sent at all.
    expect(byId[registryAlert!.id]).toMatchObject({ status: 'FAILED', payload: { erased: true } });
    expect(byId[registryAlert!.id]!.last_error).toContain('erased');
    expect(byId[unrelated!.id]!.payload).toMatchObject({ template: 'loan-overdue', data: { assetName: 'Other' } });

    expect(await sql`select id from notifications where id = ${loanNotice!.id}`).toEqual([]);
    expect((await sql`select title, body from notifications where id = ${naming!.id}`)[0]).toEqual({
      title: 'Registry conflict: ANONYMIZED USER',
      body: 'The registry changed lastName of ANONYMIZED USER (P-1).',
    });
    expect(await sql`select key from idempotency_keys where user_id = ${userId}`).toEqual([]);
    expect(await sql`select id from person_sync_conflicts where person_id = ${personId}`).toEqual([]);
    expect((await sql`select body, author_person_id, author_anonymized from activity_comments where id = ${comment}`)[0]).toEqual({ body: '[deleted]', author_person_id: null, author_anonymized: true });
    expect((await sql`select purpose from loans where id = ${loanId}`)[0]!.purpose).toBe('[deleted]');
    expect(counts).toMatchObject({ sentEmails: 3, queuedEmails: 1, loanNotifications: 1, notificationsNamingThem: 1, idempotentAnswers: 1, syncConflicts: 1, activityComments: 1 });
  });
});
