import { expect, test } from '@playwright/test';
import { clubPerson, clubStaffMember } from './support/club-staff';
import { ownerSql } from './support/db';
import { athleteOf, expectForbiddenPage, openAs } from './support/records-screens';
import { screenshot } from './support/screenshot';

const PHYSIO = 'globex-employee-2';

test.describe('donations and payments on screen', () => {
  test('the treasurer records a donation after a wrong amount, corrects it, and records a refund', async ({ page, context }, testInfo) => {
    const [first, last] = athleteOf(testInfo.project.name);
    const { personId } = await clubPerson(first, last);
    const treasurer = await clubStaffMember('FINANCE');
    await openAs(page, context, treasurer.accountId, `/people/${personId}/finance`);
    await expect(page.getByRole('heading', { name: 'Donations and payments' })).toBeVisible();
    await expect(page.getByTestId('donations-retention')).toHaveText('Kept 10 years from the date of the gift, then deleted.');
    await expect(page.getByTestId('transactions-retention')).toHaveText('Kept 10 years from the date of the payment, then deleted.');

    await page.getByText('Record a donation').click();
    const form = page.getByRole('form', { name: 'Record a donation' });
    await form.getByLabel('Amount').fill('1.234,50');
    await form.getByLabel('Given on').fill('2026-11-02');
    await form.getByLabel('Campaign').fill('New floodlights');
    await form.getByLabel('Not named in public lists').check();
    await form.getByRole('button', { name: 'Record donation' }).click();
    await expect(form.locator('#donation-new-amount-error')).toHaveText('Give the amount in figures, such as 50 or 12.50: more than 0, with at most two decimals.');
    await expect(form.getByLabel('Amount')).toHaveValue('1.234,50');
    await expect(form.getByLabel('Campaign')).toHaveValue('New floodlights');
    await expect(form.getByLabel('Not named in public lists')).toBeChecked();
    await screenshot(page, testInfo, 'finance-donation-refused');

    await form.getByLabel('Amount').fill('150');
    await form.getByRole('button', { name: 'Record donation' }).click();
    await expect(form.getByRole('status')).toHaveText('Donation recorded.');
    const donation = page.getByTestId('donation').filter({ hasText: 'New floodlights' });
    await expect(donation).toContainText('€150.00');
    await expect(donation).toContainText('2 Nov 2026');
    await expect(donation).toContainText('Not named in public');

    await donation.getByText('Correct this donation').click();
    await donation.getByLabel('Amount').fill('175,00');
    await donation.getByRole('button', { name: 'Save correction' }).click();
    await expect(page.getByTestId('donation').filter({ hasText: 'New floodlights' })).toContainText('€175.00');
    const [stored] = await ownerSql()`select id, amount::text from donations where person_id = ${personId} and campaign = 'New floodlights'`;
    expect(stored!.amount).toBe('175.00');
    // Amounts are the FINANCE duty's to read: the log names the changed field, not its values.
    const audit = await ownerSql()`select actor_user_id, changes, metadata from audit_log where action = 'DONATION_UPDATED' and target_id = ${stored!.id}`;
    expect(audit).toEqual([{ actor_user_id: treasurer.userId, changes: {}, metadata: { fields: ['amount'], amount: { changed: true } } }]);

    await page.getByText('Record a payment').click();
    const payment = page.getByRole('form', { name: 'Record a payment' });
    await payment.getByLabel('Kind').selectOption({ label: 'Refund' });
    await payment.getByLabel('Amount').fill('30');
    await payment.getByLabel('Paid on').fill('2026-11-05');
    await payment.getByLabel('Reference').fill('RF-2026-118');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(payment.getByRole('status')).toHaveText('Payment recorded.');
    const refund = page.getByTestId('transaction').filter({ hasText: 'RF-2026-118' });
    await expect(refund).toContainText('−€30.00');
    await expect(refund).toContainText('Refund');
    await page.getByText('Record a payment').click();
    await screenshot(page, testInfo, 'finance-tab');
  });

  test('the physio may not open the finance tab; a person reads their own', async ({ page, context }, testInfo) => {
    const [first, last] = athleteOf(testInfo.project.name);
    const { personId } = await clubPerson(first, last);
    await openAs(page, context, PHYSIO, `/people/${personId}/finance`);
    await expectForbiddenPage(page);
    await page.goto(page.url().replace(`/people/${personId}/finance`, '/people/me/finance'));
    await expect(page.getByText('Your own records.')).toBeVisible();
    await expect(page.getByText('Record a donation')).toHaveCount(0);
    await screenshot(page, testInfo, 'finance-tab-own');
  });
});
