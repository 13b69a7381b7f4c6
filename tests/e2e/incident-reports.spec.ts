import { expect, test } from '@playwright/test';
import { clubPerson, clubStaffMember } from './support/club-staff';
import { ownerSql } from './support/db';
import { expectForbiddenPage, expectNotFoundPage, openAs } from './support/records-screens';
import { screenshot } from './support/screenshot';

const COACH = 'globex-employee-1';
const PHYSIO = 'globex-employee-2';
const MANAGER = 'globex-manager';

test.describe('incident reports on screen', () => {
  test('anyone files a report from the header; the safeguarding officer handles it; the subject reads it without the reporter', async ({ page, context }, testInfo) => {
    const description = `At the ${testInfo.project.name} training, Tom was pushed into the fence by a visiting player.`;
    const tom = await clubPerson('Tom', 'Becker');
    const officer = await clubStaffMember('SAFEGUARDING');

    // The coach reports: from the header, with a wrong first try.
    await openAs(page, context, COACH, '/dashboard');
    await expect(page.getByRole('link', { name: 'Incidents', exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Report an incident' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Report an incident' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Report an incident' });
    await form.getByLabel('Who was involved').fill('Becker');
    await form.getByRole('button', { name: 'Choose Tom Becker' }).click();
    await form.getByLabel('When it happened').fill('2026-11-21');
    await form.getByRole('button', { name: 'File the report' }).click();
    await expect(form.getByText('Choose how serious it is.')).toBeVisible();
    await expect(form.getByText('Describe what happened.')).toBeVisible();
    await expect(form.getByRole('list', { name: 'Chosen person' })).toContainText('Tom Becker');
    await expect(form.getByLabel('When it happened')).toHaveValue('2026-11-21');
    await screenshot(page, testInfo, 'incident-new-refused');
    await form.getByLabel('How serious').selectOption({ label: 'High' });
    await form.getByLabel('What happened').fill(description);
    await form.getByRole('button', { name: 'File the report' }).click();
    await expect(form.getByRole('status')).toHaveText('Thank you. Your report was filed; the safeguarding officer takes it from here.');
    const [report] = await ownerSql()`select id, status, severity from incident_reports where person_id = ${tom.personId} and description = ${description}`;
    expect(report).toMatchObject({ status: 'open', severity: 'high' });

    // The safeguarding officer lists and handles it.
    await openAs(page, context, officer.accountId, '/dashboard');
    await page.getByRole('link', { name: 'Incidents', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Incident reports' })).toBeVisible();
    await page.getByLabel('Status').selectOption({ label: 'Open' });
    await page.getByRole('button', { name: 'Filter' }).click();
    await expect(page).toHaveURL(/status=open/);
    const item = page.getByTestId('incident-report').filter({ hasText: description });
    await expect(item).toContainText('About Tom Becker · 21 Nov 2026');
    await expect(item).toContainText('Filed by Priya Shah');
    await screenshot(page, testInfo, 'incidents-list');
    await item.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Report about Tom Becker' })).toBeVisible();
    const handling = page.getByRole('form', { name: 'Handle this report' });
    await handling.getByLabel('Status').selectOption({ label: 'Being looked into' });
    await handling.getByLabel('What happened').fill('');
    await handling.getByRole('button', { name: 'Save' }).click();
    await expect(handling.getByText('Describe what happened.')).toBeVisible();
    await expect(handling.getByLabel('Status')).toHaveValue('investigating');
    await handling.getByLabel('What happened').fill(description);
    await handling.getByRole('button', { name: 'Save' }).click();
    await expect(handling.getByRole('status')).toHaveText('Report updated.');
    await expect(page.getByText('Being looked into').first()).toBeVisible();
    // Only the status changed, and the log names it without its values (they are the duty's to read).
    const audit = await ownerSql()`select actor_user_id, changes, metadata from audit_log where action = 'INCIDENT_REPORT_UPDATED' and target_id = ${report!.id}`;
    expect(audit).toEqual([{ actor_user_id: officer.userId, changes: {}, metadata: { fields: ['status'], status: { changed: true } } }]);
    await screenshot(page, testInfo, 'incident-handling');

    // The subject reads it from their own records, never learning who filed it.
    await openAs(page, context, PHYSIO, '/people/me/incidents');
    const own = page.getByTestId('incident-report').filter({ hasText: description });
    await expect(own).toContainText('Being looked into');
    await expect(page.getByText('Priya')).toHaveCount(0);
    await own.getByRole('link').click();
    await expect(page.getByRole('heading', { level: 1, name: 'A report about you' })).toBeVisible();
    await expect(page.getByTestId('incident-description')).toHaveText(description);
    await expect(page.getByText('Filed by')).toHaveCount(0);
    await expect(page.getByText('Priya')).toHaveCount(0);
    await expect(page.getByRole('form', { name: 'Handle this report' })).toHaveCount(0);
    await screenshot(page, testInfo, 'incident-about-me');

    // Without the duty: no one else's reports, and someone else's report is not found.
    await page.goto(page.url().replace(/\/incidents\/.*$/, '/incidents'));
    await expect(page.getByRole('heading', { level: 1, name: 'Reports you filed' })).toBeVisible();
    await expect(page.getByTestId('incident-report').filter({ hasText: description })).toHaveCount(0);
    const lena = await clubPerson('Lena', 'Hoffmann');
    await page.goto(page.url().replace('/incidents', `/people/${lena.personId}/incidents`));
    await expectForbiddenPage(page);
    await openAs(page, context, MANAGER, `/incidents/${report!.id}`);
    await expectNotFoundPage(page);
  });
});
