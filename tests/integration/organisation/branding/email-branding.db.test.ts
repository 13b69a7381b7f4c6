import { describe, expect, it } from 'vitest';
import { enqueueEmail } from '@/lib/platform/notifications/enqueue-email';
import { listOutboxEmails } from '@/lib/platform/notifications/list-outbox-emails';
import { loadEmailTenant } from '@/lib/platform/notifications/load-email-tenant';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb, setBranding } from '../../../support/job-db';

const db = jobDb();
const branding = { primaryColor: '#0a7f5c', emailTemplates: { loanApproved: { subject: 'Your gear is ready' } } };

async function queueApproval(tenant: TestTenant) {
  await withTenant(db, tenant.id, (tx) =>
    enqueueEmail(tx, { organisationId: tenant.id }, {
      template: 'loan-approved',
      to: 'emma.stone@example.test',
      idempotencyKey: `approved-${crypto.randomUUID()}`,
      data: { loanId: crypto.randomUUID(), assetName: 'Canon EOS R6', startDate: '2026-05-04', endDate: '2026-05-08', approverName: 'Marcus Reyes' },
    }),
  );
}

describe('e-mail branding follows the plan', () => {
  it('applies stored branding from Pro Standard up and ignores it below, in delivery and in the mailbox', async () => {
    const [pro, free] = await Promise.all([createTenant({ planTier: 'PRO_STANDARD' }), createTenant({ planTier: 'PRO_SMALL' })]);
    await Promise.all([setBranding(pro.id, branding), setBranding(free.id, branding)]);
    expect(await withTenant(db, pro.id, (tx) => loadEmailTenant(tx, pro.id))).toEqual({ name: `Tenant ${pro.slug}`, slug: pro.slug, branding });
    expect(await withTenant(db, free.id, (tx) => loadEmailTenant(tx, free.id))).toEqual({ name: `Tenant ${free.slug}`, slug: free.slug, branding: {} });

    await Promise.all([queueApproval(pro), queueApproval(free)]);
    expect((await listOutboxEmails(db, pro.id))[0]!.subject).toBe('Your gear is ready');
    expect((await listOutboxEmails(db, free.id))[0]!.subject).not.toBe('Your gear is ready');
    const [row] = await ownerDb()`select branding from organisations where id = ${free.id}`;
    expect(row!.branding).toEqual(branding);
  });
});
