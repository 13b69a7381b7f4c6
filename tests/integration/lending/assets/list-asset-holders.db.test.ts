import { beforeAll, describe, expect, it } from 'vitest';
import { listAssetHolders } from '@/lib/lending/assets/list-asset-holders';
import type { Role } from '@/lib/platform/auth/roles';
import { createContext } from '@/lib/platform/core/context';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createTenant, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { day, insertLoan } from '../loans/loan-helpers';

let tenant: TestTenant;
let assets: Record<'out' | 'overdue' | 'booked' | 'bookedTwice' | 'outAndBooked' | 'returned' | 'pastBooking' | 'free', string>;

async function holdersAs(user: TestUser, assetIds: string[]) {
  const [row] = await ownerDb()`select person_id from users where id = ${user.id}`;
  const organisation = { id: tenant.id, slug: tenant.slug, name: 'Tenant', planTier: 'ENTERPRISE' as const, customRateLimits: null, customDomain: null };
  const { ctx } = createContext({ organisation, user: { id: user.id, personId: row!.person_id as string, role: user.role as Role, duties: [] } });
  return withTenant(jobDb(), tenant.id, (tx) => listAssetHolders(tx, ctx, assetIds));
}

beforeAll(async () => {
  tenant = await createTenant();
  await ownerDb()`update persons set first_name = 'Priya', last_name = 'Shah' where id = (select person_id from users where id = ${tenant.employee.id})`;
  const ids = await insertAssets(tenant, Array.from({ length: 8 }, () => ({})));
  const [out, overdue, booked, bookedTwice, outAndBooked, returned, pastBooking, free] = ids as [string, string, string, string, string, string, string, string];
  assets = { out, overdue, booked, bookedTwice, outAndBooked, returned, pastBooking, free };
  const borrower = tenant.employee.id;
  await insertLoan(tenant, { assetId: out, requesterId: borrower, status: 'ACTIVE', startDate: day(-1), endDate: day(3) });
  await insertLoan(tenant, { assetId: overdue, requesterId: borrower, status: 'ACTIVE', startDate: day(-9), endDate: day(-2) });
  await insertLoan(tenant, { assetId: booked, requesterId: borrower, status: 'APPROVED', startDate: day(5), endDate: day(6) });
  await insertLoan(tenant, { assetId: bookedTwice, requesterId: tenant.admin.id, status: 'APPROVED', startDate: day(20), endDate: day(21) });
  await insertLoan(tenant, { assetId: bookedTwice, requesterId: borrower, status: 'APPROVED', startDate: day(8), endDate: day(9) });
  await insertLoan(tenant, { assetId: outAndBooked, requesterId: tenant.admin.id, status: 'APPROVED', startDate: day(4), endDate: day(5) });
  await insertLoan(tenant, { assetId: outAndBooked, requesterId: borrower, status: 'ACTIVE', startDate: day(0), endDate: day(2) });
  await insertLoan(tenant, { assetId: returned, requesterId: borrower, status: 'RETURNED', startDate: day(-5), endDate: day(-1) });
  await insertLoan(tenant, { assetId: pastBooking, requesterId: borrower, status: 'APPROVED', startDate: day(-5), endDate: day(-1) });
});

describe('listAssetHolders', () => {
  it('names who has each asset and its next booking to a manager, in one answer for the whole page', async () => {
    const holders = await holdersAs(tenant.manager, Object.values(assets));
    expect(Object.fromEntries(Object.entries(assets).map(([key, id]) => [key, holders.get(id)]))).toEqual({
      out: { kind: 'WITH', name: 'Priya Shah', mine: false, endDate: day(3), overdue: false },
      overdue: { kind: 'WITH', name: 'Priya Shah', mine: false, endDate: day(-2), overdue: true },
      booked: { kind: 'BOOKED', name: 'Priya Shah', mine: false, startDate: day(5), endDate: day(6) },
      // The earliest booking to come, and the loan picked up before any booking.
      bookedTwice: { kind: 'BOOKED', name: 'Priya Shah', mine: false, startDate: day(8), endDate: day(9) },
      outAndBooked: { kind: 'WITH', name: 'Priya Shah', mine: false, endDate: day(2), overdue: false },
      returned: undefined,
      pastBooking: undefined,
      free: undefined,
    });
  });

  it('names the holder to an employee but a booking only to its borrower', async () => {
    const asBorrower = await holdersAs(tenant.employee, Object.values(assets));
    expect(asBorrower.get(assets.out)).toEqual({ kind: 'WITH', name: 'Priya Shah', mine: true, endDate: day(3), overdue: false });
    expect(asBorrower.get(assets.booked)).toEqual({ kind: 'BOOKED', name: 'Priya Shah', mine: true, startDate: day(5), endDate: day(6) });

    const colleague = { ...tenant.employee, id: tenant.admin.id, role: 'EMPLOYEE' as Role };
    await ownerDb()`update users set role = 'EMPLOYEE' where id = ${tenant.admin.id}`;
    try {
      const holders = await holdersAs(colleague, Object.values(assets));
      expect(holders.get(assets.out)).toEqual({ kind: 'WITH', name: 'Priya Shah', mine: false, endDate: day(3), overdue: false });
      expect(holders.get(assets.booked)).toEqual({ kind: 'BOOKED', name: null, mine: false, startDate: day(5), endDate: day(6) });
    } finally {
      await ownerDb()`update users set role = 'ADMIN' where id = ${tenant.admin.id}`;
    }
  });

  it('sees no other tenant’s loans', async () => {
    const other = await createTenant();
    const [row] = await ownerDb()`select person_id from users where id = ${other.manager.id}`;
    const organisation = { id: other.id, slug: other.slug, name: 'Other', planTier: 'ENTERPRISE' as const, customRateLimits: null, customDomain: null };
    const { ctx } = createContext({ organisation, user: { id: other.manager.id, personId: row!.person_id as string, role: 'ASSET_MANAGER', duties: [] } });
    const holders = await withTenant(jobDb(), other.id, (tx) => listAssetHolders(tx, ctx, Object.values(assets)));
    expect(holders.size).toBe(0);
  });
});
