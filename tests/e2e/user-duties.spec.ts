import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';

/** A staff member of Acme's own, so that changing their duties leaves the seeded accounts as other specs expect them. */
async function createStaffMember(): Promise<{ id: string; name: string; lastName: string }> {
  const stamp = randomUUID().slice(0, 8);
  const [first, last] = ['Robin', `Okafor${stamp}`];
  const email = `robin.${stamp}@acme.example`;
  const sql = ownerSql();
  const [person] = await sql`insert into persons (organisation_id, first_name, last_name, official_email) values (${ACME_ID}, ${first}, ${last}, ${email}) returning id`;
  const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role)
    values (${ACME_ID}, ${person!.id}, ${`e2e-duties-${stamp}`}, ${email}, 'EMPLOYEE') returning id`;
  return { id: user!.id as string, name: `${first} ${last}`, lastName: last };
}

async function openUser(page: Page, lastName: string) {
  const row = page.getByTestId('user-row');
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(lastName);
  return row;
}

test.describe('duties on the users screen', () => {
  test('an admin gives a user the MEDICAL duty: shown after reload, stored, and audited as through the API', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes data');
    const staff = await createStaffMember();
    const [admin] = await ownerSql()`select id from users where organisation_id = ${ACME_ID} and email = 'ada.admin@acme.example'`;
    await signIn(page, 'acme-admin', { path: `/admin/users?q=${staff.lastName}` });

    const row = await openUser(page, staff.lastName);
    await expect(row.getByTestId('user-duties')).toHaveText('No duties');
    await row.getByText(`Change duties of ${staff.name}`).click();
    const medical = row.getByRole('checkbox', { name: 'Medical', exact: true });
    await expect(medical).not.toBeChecked();
    await expect(medical).toHaveAccessibleDescription(/medical treatment/);
    for (const other of ['Coach', 'Finance', 'Safeguarding']) await expect(row.getByRole('checkbox', { name: other, exact: true })).not.toBeChecked();

    await medical.check();
    await row.getByRole('button', { name: `Save duties of ${staff.name}` }).click();
    await expect(row.getByRole('status')).toHaveText(`${staff.name} now has the duty Medical.`);
    await expect(row.getByTestId('user-duties')).toHaveText('Duties: Medical');
    await expect(medical).toBeChecked();
    await screenshot(page, testInfo, 'admin-user-duties-saved');

    await page.reload();
    const reloaded = await openUser(page, staff.lastName);
    await expect(reloaded.getByTestId('user-duties')).toHaveText('Duties: Medical');
    await reloaded.getByText(`Change duties of ${staff.name}`).click();
    await expect(reloaded.getByRole('checkbox', { name: 'Medical', exact: true })).toBeChecked();
    await expect(reloaded.getByRole('checkbox', { name: 'Coach', exact: true })).not.toBeChecked();

    const [stored] = await ownerSql()`select duties::text[] as duties from users where id = ${staff.id}`;
    expect(stored!.duties).toEqual(['MEDICAL']);
    const audit = await ownerSql()`select actor_type, actor_user_id, target_type, changes from audit_log
      where organisation_id = ${ACME_ID} and action = 'USER_DUTIES_CHANGED' and target_id = ${staff.id}`;
    expect(audit).toEqual([{ actor_type: 'USER', actor_user_id: admin!.id, target_type: 'USER', changes: { duties: { before: [], after: ['MEDICAL'] } } }]);

    await page.goto(tenantUrl('acme', `/admin/audit-log?action=USER_DUTIES_CHANGED&targetId=${staff.id}`));
    const entries = page.getByTestId('audit-entry');
    await expect(entries).toHaveCount(1);
    await expect(entries.first().getByTestId('audit-sentence')).toHaveText(`Ada Lovelace changed the duties of ${staff.name}.`);
    await expect(entries.first()).toContainText(/Duties\s*none\s*→\s*Medical/);
  });

  test('screenshots of the duties form', async ({ page }, testInfo) => {
    await signIn(page, 'acme-admin', { path: '/admin/users?q=eli.novak%40acme.example' });
    const row = await openUser(page, 'Novak');
    await expect(row.getByTestId('user-duties')).toBeVisible();
    await screenshot(page, testInfo, 'admin-user-duties-closed');
    await row.getByText('Change duties of Eli Novak').click();
    await expect(row.getByRole('group', { name: /Duties of Eli Novak/ })).toBeVisible();
    await expect(row.getByRole('checkbox')).toHaveCount(4);
    await screenshot(page, testInfo, 'admin-user-duties');
  });
});
