import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

// Eli's own data: no other spec files an erasure or a correction for him.
const ACCOUNT = 'acme-employee-2';
const EMAIL = 'eli.novak@acme.example';

async function personId(): Promise<string> {
  const [row] = await ownerSql()`select u.person_id from users u where u.email = ${EMAIL}`;
  return row!.person_id as string;
}

/**
 * Issue 23, item 16: after a validation error a form came back with other choices than the person made (React
 * resets a form after its action), and the next submit filed those: a full erasure instead of a phone number,
 * a last name instead of a birth date.
 */
test.describe('a refused form keeps the person’s choices and files what they chose', () => {
  test.skip(({ isMobile }) => isMobile, 'Files requests; runs once, on desktop.');

  test.afterEach(async () => {
    const id = await personId();
    await ownerSql()`delete from data_deletion_requests where person_id = ${id}`;
    await ownerSql()`delete from person_change_requests where person_id = ${id}`;
  });

  test('Erase my data: “Only some details” without a detail, then the phone number, files a partial erasure of the phone number', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNT, { path: '/profile/data' });
    const erase = page.getByRole('region', { name: 'Erase my data' });
    await erase.getByLabel('Only some details').check();
    await erase.getByRole('button', { name: 'Request erasure' }).click();

    const details = erase.getByRole('group', { name: 'Details to erase' });
    await expect(details).toHaveAccessibleDescription('Tick at least one detail to erase.');
    await expect(erase.getByLabel('Only some details')).toBeChecked();
    await expect(erase.getByLabel('Everything')).not.toBeChecked();
    await expect(details.getByRole('checkbox', { checked: true })).toHaveCount(0);
    await screenshot(page, testInfo, 'forms-keep-choices-erasure-refused');
    expect(await ownerSql()`select id from data_deletion_requests where person_id = ${await personId()}`).toHaveLength(0);

    await details.getByLabel('Phone number').check();
    await erase.getByRole('button', { name: 'Request erasure' }).click();
    await expect(erase.getByRole('status')).toContainText('You have an open erasure request');
    const stored = await ownerSql()`select scope, partial_fields from data_deletion_requests where person_id = ${await personId()}`;
    expect(stored).toEqual([{ scope: 'partial', partial_fields: ['phone'] }]);
  });

  test('Profile: a birth date that does not exist is named as such, the choice stays on Birth date, and the corrected date is filed as the birth date', async ({ page }, testInfo) => {
    await signIn(page, ACCOUNT, { path: '/profile' });
    await page.getByLabel('What to correct').selectOption('birthDate');
    await page.getByLabel('Correct value').fill('2001-02-30');
    await page.getByRole('button', { name: 'Request correction' }).click();

    const value = page.getByLabel('Correct value');
    await expect(value).toHaveAttribute('aria-invalid', 'true');
    await expect(value).toHaveAccessibleDescription(/2001-02-30 does not exist: February 2001 has 28 days\./);
    await expect(page.getByLabel('What to correct')).toHaveValue('birthDate');
    await expect(value).toHaveValue('2001-02-30');
    await screenshot(page, testInfo, 'forms-keep-choices-birth-date-refused');
    expect(await ownerSql()`select id from person_change_requests where person_id = ${await personId()}`).toHaveLength(0);

    await value.fill('2001-02-28');
    await page.getByRole('button', { name: 'Request correction' }).click();
    await expect(page.getByTestId('identity-birthDate')).toContainText('requested: 28 Feb 2001');
    const stored = await ownerSql()`select fields from person_change_requests where person_id = ${await personId()}`;
    expect(stored).toHaveLength(1);
    expect(Object.keys(stored[0]!.fields)).toEqual(['birthDate']);
    expect(stored[0]!.fields.birthDate.to).toBe('2001-02-28');
  });
});
