import { randomUUID } from 'node:crypto';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import * as schema from '@/db/schema';
import { recordSyncConflicts } from '@/lib/registry/conflicts/record-sync-conflicts';
import type { IdentityValues } from '@/lib/registry/mirror/merge-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

// The end-to-end server runs without a registry (phase 0), so the person is put in the state the merge leaves
// after a conflict (registry value applied, status conflict), and the conflict is recorded by the function the
// merge calls (lib/registry/conflicts/record-sync-conflicts.ts), through the app's RLS-bound role.
const globexId = '0b4c3a7e-0000-4000-8000-00000000610b';

async function createConflict(lastName: { base: string; local: string; registry: string }) {
  const registryId = `P-E2E-${randomUUID().slice(0, 8)}`;
  const values: IdentityValues = { firstName: 'Iris', lastName: lastName.base, birthDate: '2004-05-06', identifierNational: null, nationality: 'NL', officialEmail: null };
  const [person] = await ownerSql()`insert into persons (organisation_id, first_name, last_name, birth_date, nationality, registry_id, sync_status, last_synced_at, registry_base)
    values (${globexId}, 'Iris', ${lastName.registry}, '2004-05-06', 'NL', ${registryId}, 'conflict', now(), ${ownerSql().json({ ...values, lastName: lastName.registry })}) returning id`;
  const personId = person!.id as string;
  const [request] = await ownerSql()`insert into person_change_requests (organisation_id, person_id, fields)
    values (${globexId}, ${personId}, ${ownerSql().json({ lastName: { from: lastName.base, to: lastName.local } })}) returning id`;
  const sql = postgres(e2eState().appDatabaseUrl, { max: 1, onnotice: () => {} });
  try {
    await withTenant(drizzle(sql, { schema }), globexId, (tx) =>
      recordSyncConflicts(tx, { organisationId: globexId, now: new Date() }, {
        personId,
        registryId,
        registryVersion: 2,
        source: 'webhook',
        conflicts: [{ field: 'lastName', localChange: 'proposal', proposalId: request!.id as string }],
        base: values,
        local: values,
        registry: { ...values, lastName: lastName.registry },
        proposals: [{ id: request!.id as string, fields: { lastName: lastName.local } }],
      }),
    );
  } finally {
    await sql.end();
  }
  return { personId, requestId: request!.id as string, registryId };
}

async function atPhoneWidth(page: Page, testInfo: TestInfo, path: string, name: string) {
  await page.goto(tenantUrl('globex', path));
  await expect(page.getByRole('navigation', { name: 'Registry sections' })).toBeVisible();
  await screenshot(page, testInfo, name);
}

test.describe('registry sync administration', () => {
  test('an admin takes the registry’s value of a conflict', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data; covered once on desktop');
    const suffix = randomUUID().slice(0, 6);
    const { personId, requestId } = await createConflict({ base: `Vos-${suffix}`, local: `Vos-Local-${suffix}`, registry: `Vos-Registry-${suffix}` });

    await signIn(page, 'globex-admin', { path: '/admin/registry/conflicts' });
    await expect(page.getByRole('heading', { level: 1, name: 'Registry' })).toBeVisible();
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: `Iris Vos-Registry-${suffix} · Last name` }) });
    await expect(item.getByText('Before (last synced)')).toBeVisible();
    await expect(item.getByText(`Vos-${suffix}`, { exact: true })).toBeVisible();
    await expect(item.getByText(`Vos-Local-${suffix}`, { exact: true })).toBeVisible();
    await expect(item.getByText('Registry (applied)')).toBeVisible();
    await screenshot(page, testInfo, 'admin-registry-conflicts');

    await item.getByRole('button', { name: `Take the registry's last name for Iris Vos-Registry-${suffix}` }).click();
    // The resolved conflict leaves the open list (and its form with it) for the resolved one.
    await expect(page.getByRole('region', { name: /Recently resolved/ }).getByText(`Iris Vos-Registry-${suffix}`, { exact: true })).toBeVisible();
    await expect(item).toHaveCount(0);

    const [conflict] = await ownerSql()`select status, resolution, resolved_by from person_sync_conflicts where person_id = ${personId}`;
    expect(conflict).toMatchObject({ status: 'resolved', resolution: 'registry_value', resolved_by: expect.any(String) });
    const [person] = await ownerSql()`select sync_status from persons where id = ${personId}`;
    expect(person!.sync_status).toBe('synced');
    const [request] = await ownerSql()`select status from person_change_requests where id = ${requestId}`;
    expect(request!.status).toBe('rejected');
    const [entry] = await ownerSql()`select action from audit_log where target_id = ${personId} and action = 'REGISTRY_CONFLICT_RESOLVED'`;
    expect(entry).toBeDefined();

    await page.getByRole('link', { name: 'Sync status' }).click();
    await page.getByRole('link', { name: 'Synced', exact: true }).click();
    await expect(page).toHaveURL(/syncStatus=synced/);
    await expect(page.getByRole('cell', { name: `Iris Vos-Registry-${suffix}` })).toBeVisible();
  });

  test('the registry screens at phone width', async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    if (testInfo.project.name === 'desktop') await createConflict({ base: 'Bakker', local: 'Bakker-Smit', registry: 'Smit' });
    await signIn(page, 'globex-admin', { path: '/admin/registry' });
    await atPhoneWidth(page, testInfo, '/admin/registry', 'registry-backfill-phone-width');
    await atPhoneWidth(page, testInfo, '/admin/registry/persons', 'registry-persons-phone-width');
    await atPhoneWidth(page, testInfo, '/admin/registry/conflicts', 'registry-conflicts-phone-width');
    await atPhoneWidth(page, testInfo, '/admin/registry/activity', 'registry-activity-phone-width');
    await expect(page.getByRole('heading', { name: 'Nightly reconcile' })).toBeVisible();
  });

  test('an employee gets the 403 page on the sync screens', async ({ page }) => {
    await signIn(page, 'globex-employee-1', { path: '/admin/registry/conflicts' });
    await expect(page.getByRole('heading', { name: 'You do not have access to this page' })).toBeVisible();
  });
});
