import { expect, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const personOf = async (email: string) => {
  const [row] = await ownerSql()`select p.id, p.phone, p.language, p.last_name, p.preferences, p.processing_restricted
    from persons p join users u on u.person_id = p.id and u.organisation_id = p.organisation_id where u.email = ${email}`;
  return row!;
};

const EMAIL = 'tom.becker@globex.example';

test.describe('your profile', () => {
  test.afterAll(async () => {
    const { id } = await personOf(EMAIL);
    await ownerSql()`update persons set phone = null, language = 'en', preferences = '{"channels":{"email":true,"push":true,"sms":false,"inApp":true},"marketingOptOut":false}'::jsonb, processing_restricted = false where id = ${id}`;
    await ownerSql()`delete from person_change_requests where person_id = ${id}`;
  });

  test('a person corrects contact details, asks for a name correction, objects to marketing and restricts processing', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'desktop', 'Changes stored data; runs once, on desktop.');
    await signIn(page, 'globex-employee-2');
    await page.getByRole('link', { name: 'Your profile' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your profile' })).toBeVisible();

    await page.getByLabel('Phone').fill('+49 30 1234567');
    await page.getByLabel('Language').selectOption('de');
    await page.getByLabel('No marketing, please').check();
    await page.getByRole('button', { name: 'Save profile' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
    await expect.poll(async () => (await personOf(EMAIL)).phone).toBe('+49 30 1234567');
    const saved = await personOf(EMAIL);
    expect(saved.language).toBe('de');
    expect(saved.preferences).toMatchObject({ marketingOptOut: true });

    await page.getByLabel('What to correct').selectOption('lastName');
    await page.getByLabel('Correct value').fill('Becker-Shah');
    await page.getByRole('button', { name: 'Request correction' }).click();
    await expect(page.getByTestId('identity-lastName')).toContainText('Waiting for approval');
    await expect(page.getByTestId('identity-lastName')).toContainText('requested: Becker-Shah');
    const person = await personOf(EMAIL);
    expect(person.last_name).toBe('Becker');
    const requests = await ownerSql()`select status, fields from person_change_requests where person_id = ${person.id}`;
    expect(requests).toEqual([{ status: 'pending', fields: { lastName: { from: 'Becker', to: 'Becker-Shah' } } }]);

    await page.getByRole('switch', { name: 'Restrict processing' }).click();
    await page.getByRole('button', { name: 'Restrict processing' }).click();
    await expect(page.getByText('Tick the box to confirm.')).toBeVisible();
    expect((await personOf(EMAIL)).processing_restricted).toBe(false);
    await page.getByRole('switch', { name: 'Restrict processing' }).click();
    await page.getByLabel('I understand that I will not be reminded of my return dates.').check();
    await page.getByRole('button', { name: 'Restrict processing' }).click();
    await expect(page.getByRole('switch', { name: 'Restrict processing' })).toHaveAttribute('aria-checked', 'true');
    expect((await personOf(EMAIL)).processing_restricted).toBe(true);

    await screenshot(page, testInfo, 'profile');
  });
});
