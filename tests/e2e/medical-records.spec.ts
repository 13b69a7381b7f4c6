import { expect, test } from '@playwright/test';
import { clubPerson, GLOBEX_ID } from './support/club-staff';
import { ownerSql } from './support/db';
import { athleteOf, expectForbiddenPage, openAs } from './support/records-screens';
import { screenshot } from './support/screenshot';

const PHYSIO = 'globex-employee-2';
const COACH = 'globex-employee-1';

test.describe('medical records on screen', () => {
  test('the physio records and corrects a treatment and a doping control; reads are audited, the diagnosis stored encrypted', async ({ page, context }, testInfo) => {
    const [first, last] = athleteOf(testInfo.project.name);
    const { personId } = await clubPerson(first, last);
    const diagnosis = `Sprained left ankle (${testInfo.project.name})`;
    await openAs(page, context, PHYSIO, `/people/${personId}/medical`);
    await expect(page.getByRole('heading', { name: 'Medical' })).toBeVisible();
    await expect(page.getByText(`The records of ${first} ${last}.`)).toBeVisible();
    await expect(page.getByTestId('treatments-retention')).toHaveText('Kept 20 years after the treatment ends (an open treatment is never deleted), then deleted.');
    await expect(page.getByTestId('antidoping-retention')).toHaveText('Kept 10 years from the date of the test, then deleted.');

    await page.getByText('Record a treatment').click();
    const form = page.getByRole('form', { name: 'Record a treatment' });
    await form.getByLabel('Started on').fill('2026-11-20');
    await form.getByLabel('Ended on').fill('2026-11-10');
    await form.getByLabel('Notes').fill('Ice and rest; taping for two weeks.');
    await form.getByRole('button', { name: 'Record treatment' }).click();
    await expect(form.getByText('Write the diagnosis.')).toBeVisible();
    await expect(form.getByLabel('Diagnosis')).toBeFocused();
    await expect(form.getByLabel('Notes')).toHaveValue('Ice and rest; taping for two weeks.');

    await form.getByLabel('Diagnosis').fill(diagnosis);
    await form.getByRole('button', { name: 'Record treatment' }).click();
    await expect(form.getByText('The treatment cannot end before it started.')).toBeVisible();
    await expect(form.getByLabel('Ended on')).toHaveValue('2026-11-10');
    await screenshot(page, testInfo, 'medical-treatment-refused');

    await form.getByLabel('Ended on').fill('');
    await form.getByRole('button', { name: 'Record treatment' }).click();
    await expect(form.getByRole('status')).toHaveText('Treatment recorded.');
    const treatment = page.getByTestId('treatment').filter({ hasText: diagnosis });
    await expect(treatment).toContainText('Ongoing');
    await expect(treatment).toContainText('20 Nov 2026');
    await expect(treatment).toContainText('Tom Becker');

    const [stored] = await ownerSql()`select id, position(convert_to(${diagnosis}, 'UTF8') in diagnosis) as plain from medical_treatments where person_id = ${personId} and started_at = '2026-11-20T00:00:00Z'`;
    expect(stored!.plain).toBe(0);
    const [physio] = await ownerSql()`select id from users where organisation_id = ${GLOBEX_ID} and idp_subject = ${PHYSIO}`;
    const created = await ownerSql()`select actor_user_id from audit_log where action = 'MEDICAL_TREATMENT_CREATED' and target_id = ${stored!.id}`;
    expect(created).toEqual([{ actor_user_id: physio!.id }]);
    const reads = await ownerSql()`select count(*)::int as n from audit_log where action = 'SENSITIVE_RECORD_VIEWED' and target_id = ${stored!.id} and actor_user_id = ${physio!.id}`;
    expect(reads[0]!.n).toBeGreaterThan(0);

    await treatment.getByText('Correct this treatment').click();
    await treatment.getByLabel('Ended on').fill('2026-11-27');
    await treatment.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByTestId('treatment').filter({ hasText: diagnosis })).toContainText('27 Nov 2026');
    const updated = await ownerSql()`select metadata from audit_log where action = 'MEDICAL_TREATMENT_UPDATED' and target_id = ${stored!.id}`;
    // Only the end was changed, so only the end is named; its values stay out of the log.
    expect(updated).toEqual([{ metadata: { fields: ['treatmentEndedAt'], treatmentEndedAt: { changed: true } } }]);

    await page.getByText('Record a doping control').click();
    const control = page.getByRole('form', { name: 'Record a doping control' });
    await control.getByLabel('Sample taken on').fill('2026-11-18');
    await control.getByLabel('Control').selectOption({ label: 'In competition' });
    await control.getByRole('button', { name: 'Record control' }).click();
    await expect(control.getByText('Name the testing authority, for example NADA Germany.')).toBeVisible();
    await expect(control.getByLabel('Control')).toHaveValue('in_competition');
    await control.getByLabel('Testing authority').fill('NADA Germany');
    await control.getByRole('button', { name: 'Record control' }).click();
    await expect(control.getByRole('status')).toHaveText('Doping control recorded.');
    const record = page.getByTestId('antidoping-record').filter({ hasText: 'In competition control on 18 Nov 2026' });
    await expect(record).toContainText('Waiting for the laboratory');
    await record.getByText('Correct this control').click();
    await record.getByLabel('Result').selectOption({ label: 'Negative' });
    await record.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByTestId('antidoping-record').filter({ hasText: 'In competition control on 18 Nov 2026' })).toContainText('Negative');
    await page.getByText('Record a treatment').click();
    await screenshot(page, testInfo, 'medical-tab');
  });

  test('the coach may not open the medical tab; a person reads their own', async ({ page, context }, testInfo) => {
    const [first, last] = athleteOf(testInfo.project.name);
    const { personId } = await clubPerson(first, last);
    await openAs(page, context, COACH, `/people/${personId}/medical`);
    await expectForbiddenPage(page);
    await screenshot(page, testInfo, 'medical-tab-forbidden');

    await page.goto(page.url().replace(`/people/${personId}/medical`, '/people/me/medical'));
    await expect(page.getByText('Your own records.')).toBeVisible();
    await expect(page.getByText('Record a treatment')).toHaveCount(0);
  });
});
