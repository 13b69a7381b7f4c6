import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import * as schema from '@/db/schema';
import { demoTenants } from '@/db/seed/demo-tenants';
import { seedDemoData } from '@/db/seed/seed-demo-data';
import type { RequestContext } from '@/lib/platform/core/context';
import { toIsoDate } from '@/lib/platform/time';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { checkLoanDates } from '@/lib/lending/loans/check-loan-dates';
import { getLoanPolicy } from '@/lib/lending/loans/policy';
import { resolveApprover } from '@/lib/lending/loans/resolve-approver';
import { validateLoanDates } from '@/lib/lending/loans/validate-loan-dates';
import { ownerDb } from '../../../support/factories';

// The global setup seeded both demo tenants, as the server does at start-up (tests/support/db-global-setup.ts).
let client: postgres.Sql;
const db = () => drizzle(client, { schema });

type SeededLoan = {
  id: string;
  asset_id: string;
  requester_id: string;
  approver_id: string | null;
  decided_by_id: string | null;
  status: string;
  start_date: string;
  end_date: string;
  extension_requested_end_date: string | null;
  decided_at: Date | null;
  created_at: Date;
  category_id: string;
  location_id: string;
  decider_role: string | null;
};

/** The loans the seed wrote: their request is audited with the seed as its source. */
async function seededLoans(organisationId: string): Promise<SeededLoan[]> {
  return (await ownerDb()`
    select l.id, l.asset_id, l.requester_id, l.approver_id, l.decided_by_id, l.status, l.start_date::text, l.end_date::text,
      l.extension_requested_end_date::text, l.decided_at, l.created_at, a.category_id, a.location_id, d.role as decider_role
    from loans l
    join assets a on a.organisation_id = l.organisation_id and a.id = l.asset_id
    left join users d on d.organisation_id = l.organisation_id and d.id = l.decided_by_id
    where l.organisation_id = ${organisationId}
      and exists (select 1 from audit_log e where e.organisation_id = l.organisation_id and e.target_id = l.id::text
        and e.action = 'LOAN_REQUESTED' and e.metadata->>'source' = 'seed')
    order by l.created_at`) as unknown as SeededLoan[];
}

/** The context of the request that filed the loan: its requester, at the moment it was filed. */
const filedBy = (organisationId: string, loan: SeededLoan) => ({ organisationId, now: loan.created_at, user: { id: loan.requester_id } }) as RequestContext;

beforeAll(async () => {
  client = postgres(inject('ownerDatabaseUrl'), { max: 1, onnotice: () => {} });
  // A second run meets the first run's tenants and adds no loans.
  expect(await seedDemoData(db())).toEqual([]);
});

afterAll(async () => {
  await client.end({ timeout: 5 });
});

// A tenant that starts empty (Initech) has no loans to check.
describe.each(demoTenants.filter((t) => !t.startsEmpty).map((t) => [t.slug, t.id] as const))('the loans seeded for %s', (_slug, organisationId) => {
  it('were valid requests under the seeded policy on the day they were filed: length, lead time, no clash', async () => {
    const loans = await seededLoans(organisationId);
    expect(loans.length).toBeGreaterThanOrEqual(10);
    await withTenant(db(), organisationId, async (tx) => {
      for (const loan of loans) {
        const check = await checkLoanDates(tx, filedBy(organisationId, loan), { assetId: loan.asset_id, startDate: loan.start_date, endDate: loan.end_date, excludeLoanId: loan.id });
        expect({ loan: loan.id, problems: check.problems, conflicts: check.conflicts }).toEqual({ loan: loan.id, problems: [], conflicts: [] });
      }
    });
  });

  it('were decided as the policy says: by an approver other than the requester, after the request, with the approver the rules name', async () => {
    const loans = await seededLoans(organisationId);
    await withTenant(db(), organisationId, async (tx) => {
      const policy = await getLoanPolicy(tx, organisationId);
      for (const loan of loans) {
        const approverId = await resolveApprover(tx, organisationId, policy, { categoryId: loan.category_id, locationId: loan.location_id }, loan.requester_id);
        expect({ loan: loan.id, approverId: loan.approver_id }).toEqual({ loan: loan.id, approverId });
        if (!policy.requireApproval) expect(loan.status).not.toBe('PENDING_APPROVAL');
        if (['APPROVED', 'ACTIVE', 'RETURNED', 'REJECTED'].includes(loan.status) && policy.requireApproval) {
          expect(['ASSET_MANAGER', 'ADMIN']).toContain(loan.decider_role);
          expect(loan.decided_by_id).not.toBe(loan.requester_id);
          expect(loan.decided_at!.getTime()).toBeGreaterThan(loan.created_at.getTime());
        }
      }
    });
  });

  it('ask for extensions only where the policy lets them be asked for, within its limits', async () => {
    const loans = await seededLoans(organisationId);
    await withTenant(db(), organisationId, async (tx) => {
      const policy = await getLoanPolicy(tx, organisationId);
      for (const loan of loans.filter((l) => l.extension_requested_end_date)) {
        expect(policy.extensions).toBe('REQUIRES_APPROVAL');
        expect(['APPROVED', 'ACTIVE']).toContain(loan.status);
        expect(loan.extension_requested_end_date! > loan.end_date).toBe(true);
        expect(() => validateLoanDates(policy, toIsoDate(new Date()), loan.start_date, loan.extension_requested_end_date!, { allowPastStart: true })).not.toThrow();
      }
    });
  });
});
