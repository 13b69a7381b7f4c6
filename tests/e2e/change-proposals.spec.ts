import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { type RegistryApp, startRegistryApp } from './support/registry-app';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

// Spec 002, sync out, with the registry on: a person proposes a new official e-mail, the admin approves it, the
// registry accepts it, and the profile shows the new address. Runs against a second app server in phase 1/2.
const EMAIL = 'priya.shah@globex.example';
const GLOBEX = '0b4c3a7e-0000-4000-8000-00000000610b';
let sync: RegistryApp;
let saved: Record<string, unknown>;
let registryId: string;
/** The seed gives the person proposals of their own; only this file's are removed afterwards. */
let startedAt: Date;

const personOf = async () => {
  const [row] = await ownerSql()`select p.id, p.first_name, p.last_name, p.birth_date::text as birth_date, p.nationality, p.official_email, p.identifier_national, p.registry_id, p.sync_status, p.registry_base, p.last_synced_at
    from persons p join users u on u.person_id = p.id and u.organisation_id = p.organisation_id where u.email = ${EMAIL}`;
  return row!;
};

test.describe('change proposals with the registry on', () => {
  test.beforeAll(async ({}, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Starts a second server and changes stored data; runs once, on desktop.');
    test.setTimeout(120_000);
    sync = await startRegistryApp();
    saved = await personOf();
    startedAt = new Date();
    // Linked as the initial backfill would have: the mirror holds the registry's identity values and their base.
    const remote = [...sync.registry.store.persons.values()].find((person) => person.officialEmail === EMAIL)!;
    registryId = remote.id;
    const base = { firstName: remote.firstName, lastName: remote.lastName, birthDate: remote.birthDate, identifierNational: null, nationality: remote.nationality, officialEmail: remote.officialEmail, registryUpdatedAt: remote.updatedAt };
    await ownerSql()`update persons set first_name = ${remote.firstName}, last_name = ${remote.lastName}, birth_date = ${remote.birthDate}, nationality = ${remote.nationality},
      official_email = ${remote.officialEmail}, identifier_national = null, registry_id = ${remote.id}, sync_status = 'synced', registry_base = ${ownerSql().json(base)}, last_synced_at = now()
      where id = ${saved.id as string}`;
  });

  test.afterAll(async () => {
    if (!sync) return;
    await sync.stop();
    await ownerSql()`delete from person_change_requests where person_id = ${saved.id as string} and created_at >= ${startedAt}`;
    await ownerSql()`update persons set first_name = ${saved.first_name as string}, last_name = ${saved.last_name as string}, birth_date = ${saved.birth_date as string | null}, nationality = ${saved.nationality as string | null},
      official_email = ${saved.official_email as string | null}, identifier_national = ${saved.identifier_national as Buffer | null}, registry_id = null, sync_status = null, registry_base = null, last_synced_at = null
      where id = ${saved.id as string}`;
  });

  test('a person proposes a new official e-mail, the admin approves it, the registry accepts it, the profile shows it', async ({ page, browser }, testInfo) => {
    await signIn(page, 'globex-employee-1', { path: '/profile', port: sync.app.port });
    await page.getByLabel('What to correct').selectOption('officialEmail');
    await page.getByLabel('Correct value').fill('priya.shah@club-mail.example');
    await page.getByRole('button', { name: 'Request correction' }).click();
    const row = page.getByTestId('identity-officialEmail');
    await expect(row).toContainText('Waiting for approval');
    await expect(row).toContainText('requested: priya.shah@club-mail.example');
    await expect(row).toContainText('confirm the link we e-mailed to the new address');
    await expect(row).toContainText(EMAIL);
    await screenshot(page, testInfo, 'profile-pending-proposal');

    const admin = await browser.newPage();
    await signIn(admin, 'globex-admin', { path: '/admin/proposals', port: sync.app.port });
    await expect(admin.getByRole('heading', { level: 1, name: 'Change proposals' })).toBeVisible();
    const pending = admin.getByRole('region', { name: 'Waiting for your decision' }).or(admin.locator('[aria-labelledby="pending-heading"]'));
    await expect(pending).toContainText('Priya Shah');
    await expect(pending).toContainText(`${EMAIL} → priya.shah@club-mail.example`);
    await screenshot(admin, testInfo, 'admin-proposals');
    await admin.setViewportSize({ width: 390, height: 844 });
    await screenshot(admin, testInfo, 'admin-proposals-phone-width');
    await admin.setViewportSize({ width: 1280, height: 800 });

    await admin.getByRole('button', { name: 'Approve the change of Priya Shah' }).click();
    await expect(pending).not.toContainText('Priya Shah');
    // Submitted at once (the approval's event), accepted by the registry, merged from its webhook.
    await expect.poll(() => sync.registry.store.persons.get(registryId)!.officialEmail, { timeout: 20_000 }).toBe('priya.shah@club-mail.example');
    await expect.poll(async () => (await personOf()).official_email, { timeout: 20_000 }).toBe('priya.shah@club-mail.example');
    const [proposal] = await ownerSql()`select status, approved_via, external_submission_id from person_change_requests where person_id = ${saved.id as string} and fields ? 'officialEmail'`;
    expect(proposal).toMatchObject({ status: 'accepted', approved_via: 'admin', external_submission_id: expect.stringMatching(/^S-/) });
    expect((await personOf()).sync_status).toBe('synced');

    await page.reload();
    await expect(row).toContainText('priya.shah@club-mail.example');
    await expect(row).not.toContainText('requested:');
    await expect(page.getByTestId('change-decisions')).toContainText('Accepted');
    await expect(page.getByTestId('change-decisions')).toContainText('Official e-mail');
    await admin.close();
  });

  test('confirming the e-mailed link approves the proposal and sends it to the registry at once; a used link says so', async ({ page }, testInfo) => {
    await signIn(page, 'globex-employee-1', { path: '/profile', port: sync.app.port });
    await page.getByLabel('What to correct').selectOption('officialEmail');
    await page.getByLabel('Correct value').fill('priya@confirmed.example');
    await page.getByRole('button', { name: 'Request correction' }).click();
    await expect(page.getByTestId('identity-officialEmail')).toContainText('requested: priya@confirmed.example');
    const [mail] = await ownerSql()`select payload from outbox where organisation_id = ${GLOBEX} and payload ->> 'template' = 'official-email-confirmation' and payload ->> 'to' = 'priya@confirmed.example'`;
    const token = mail!.payload.data.token as string;
    const submissionsBefore = sync.registry.control.submissions().length;

    const started = Date.now();
    await page.goto(tenantUrl('globex', `/api/v1/profile/email-confirmations?token=${encodeURIComponent(token)}`, sync.app.port));
    await expect(page).toHaveURL(/\/profile\?emailConfirmation=confirmed$/);
    await expect(page.getByTestId('email-confirmation-message')).toContainText('your new official e-mail address is confirmed');
    // The approval's event starts the submission job: the registry has the proposal long before the minute's sweep.
    await expect.poll(() => sync.registry.control.submissions().length, { timeout: 10_000 }).toBe(submissionsBefore + 1);
    expect(Date.now() - started).toBeLessThan(15_000);
    await expect.poll(async () => (await personOf()).official_email, { timeout: 20_000 }).toBe('priya@confirmed.example');
    await screenshot(page, testInfo, 'profile-email-confirmed');

    await page.goto(tenantUrl('globex', `/api/v1/profile/email-confirmations?token=${encodeURIComponent(token)}`, sync.app.port));
    await expect(page).toHaveURL(/\/profile\?emailConfirmation=invalid$/);
    await expect(page.getByRole('alert').filter({ hasText: 'This confirmation link does not work' })).toBeVisible();
  });
});
