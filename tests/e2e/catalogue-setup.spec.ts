import { randomUUID } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

// Initech starts with no categories, locations or assets (db/seed/demo-tenants.ts): its admin sets it up on screen.
const INITECH_ID = '0b4c3a7e-0000-4000-8000-0000000011ec';

async function userId(subject: string): Promise<string> {
  const [row] = await ownerSql()`select id from users where organisation_id = ${INITECH_ID} and idp_subject = ${subject}`;
  return row!.id as string;
}

async function auditRows(action: string, targetId: string) {
  return ownerSql()`select action, changes, actor_user_id from audit_log where organisation_id = ${INITECH_ID} and action = ${action} and target_id = ${targetId} order by id`;
}

function fieldRow(page: Page, index: number) {
  return page.getByTestId('custom-field-row').nth(index);
}

/** The audit log filtered to one action on one record, as an admin would look it up. */
async function auditEntries(page: Page, action: string, targetId: string) {
  // A record's own history opens by its address (the asset and person pages link to it); the action is picked on screen.
  await page.goto(tenantUrl('initech', `/admin/audit-log?targetId=${targetId}`));
  await page.getByLabel('Action').selectOption(action);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`action=${action}`));
  return page.getByTestId('audit-entry');
}

// A new organisation's admin sets up its catalogue and lends its first asset, on the screens only: a category with
// custom fields, a location, an approver rule, an asset in that category, then the employee's request, the named
// approver's decision and the pickup. Names carry a stamp, so the desktop and phone runs share the database.
test('a new tenant’s admin sets up the catalogue on screen and lends its first asset', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  const stamp = `${testInfo.project.name === 'phone' ? 'P' : 'D'}${randomUUID().slice(0, 5)}`;
  const categoryName = `Helmets ${stamp}`;
  const locationName = `Kit room ${stamp}`;
  const assetName = `Climbing helmet ${stamp}`;
  const bill = await userId('initech-admin');
  const today = toIsoDate(new Date());
  page.on('dialog', (dialog) => void dialog.accept());

  // 1. The category: a choice list without choices and a field without a label are refused, with what was sent kept.
  await signIn(page, 'initech-admin', { path: '/admin/categories' });
  await expect(page.getByRole('navigation', { name: 'Administration' }).getByRole('link', { name: 'Categories' })).toBeVisible();
  const addForm = page.getByRole('region', { name: 'Add a category' });
  await addForm.getByLabel('Name', { exact: true }).fill(categoryName);
  await addForm.getByLabel('Description (optional)').fill('Helmets for the climbing wall and the via ferrata');
  for (let i = 0; i < 3; i++) await addForm.getByRole('button', { name: '+ Add a field' }).click();
  await fieldRow(page, 0).getByLabel('Label').fill('Shell colour');
  await fieldRow(page, 0).getByLabel('Kind of answer').selectOption({ label: 'Choice from a list' });
  await fieldRow(page, 0).getByLabel(/^Required/).check();
  await fieldRow(page, 1).getByLabel('Label').fill('Head size (cm)');
  await fieldRow(page, 1).getByLabel('Kind of answer').selectOption({ label: 'Number' });
  await fieldRow(page, 2).getByLabel('Kind of answer').selectOption({ label: 'Yes or no' });
  await addForm.getByRole('button', { name: 'Add category' }).click();
  await expect(fieldRow(page, 0).getByText('A choice list needs its choices: write them one per line.')).toBeVisible();
  await expect(fieldRow(page, 2).getByText('Give the field a label, such as “Size”.')).toBeVisible();
  await expect(addForm.getByRole('alert')).toHaveText('Please correct the highlighted fields.');
  await expect(addForm.getByLabel('Name', { exact: true })).toHaveValue(categoryName);
  await expect(fieldRow(page, 0).getByLabel('Label')).toHaveValue('Shell colour');
  await expect(fieldRow(page, 0).getByLabel('Kind of answer')).toHaveValue('select');
  await expect(fieldRow(page, 0).getByLabel(/^Required/)).toBeChecked();
  await expect(fieldRow(page, 1).getByLabel('Kind of answer')).toHaveValue('number');
  expect(await ownerSql()`select id from categories where organisation_id = ${INITECH_ID} and name = ${categoryName}`).toHaveLength(0);
  await screenshot(page, testInfo, 'catalogue-category-refused');

  await fieldRow(page, 0).getByLabel('Choices, one per line').fill('Red\nBlue\nYellow');
  await fieldRow(page, 2).getByLabel('Label').fill('Visor');
  await addForm.getByRole('button', { name: 'Add category' }).click();
  await expect(addForm.getByRole('status')).toHaveText(`Category ${categoryName} added.`);
  const row = page.getByTestId('category-row').filter({ hasText: categoryName });
  await expect(row).toContainText('No assets');
  await expect(row).toContainText('Shell colour: choice of Red, Blue or Yellow, required');
  await expect(row).toContainText('Head size (cm): number');
  await expect(row).toContainText('Visor: yes or no');
  const [category] = await ownerSql()`select id, custom_fields from categories where organisation_id = ${INITECH_ID} and name = ${categoryName}`;
  const categoryId = category!.id as string;
  expect(category!.custom_fields).toEqual([
    { key: 'shellColour', label: 'Shell colour', type: 'select', required: true, options: ['Red', 'Blue', 'Yellow'] },
    { key: 'headSizeCm', label: 'Head size (cm)', type: 'number', required: false },
    { key: 'visor', label: 'Visor', type: 'boolean', required: false },
  ]);
  expect(await auditRows('CATEGORY_CREATED', categoryId)).toMatchObject([{ actor_user_id: bill, changes: { name: { before: null, after: categoryName } } }]);
  await screenshot(page, testInfo, 'catalogue-categories');

  // Editing renames and reorders a field; its key stays, so values already recorded stay with it.
  await row.getByRole('link', { name: categoryName }).click();
  await expect(page.getByRole('heading', { level: 1, name: categoryName })).toBeVisible();
  await fieldRow(page, 2).getByLabel('Label').fill('Visor fitted');
  await page.getByRole('button', { name: 'Move Visor fitted up' }).click();
  await page.getByRole('button', { name: 'Save category' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Category saved.' })).toBeVisible();
  await expect(fieldRow(page, 1).getByLabel('Label')).toHaveValue('Visor fitted');
  const [edited] = await ownerSql()`select custom_fields from categories where id = ${categoryId}`;
  expect((edited!.custom_fields as { key: string; label: string }[]).map((f) => [f.key, f.label])).toEqual([
    ['shellColour', 'Shell colour'],
    ['visor', 'Visor fitted'],
    ['headSizeCm', 'Head size (cm)'],
  ]);
  expect(await auditRows('CATEGORY_UPDATED', categoryId)).toHaveLength(1);

  // 2. The location: an empty name is refused, then a location with its address; a spare one is added and deleted.
  await page.goto(tenantUrl('initech', '/admin/locations'));
  const addLocation = page.getByRole('region', { name: 'Add a location' });
  await addLocation.getByLabel('Address (optional)').fill('Building B, basement');
  await addLocation.getByRole('button', { name: 'Add location' }).click();
  await expect(addLocation.getByText('Give the location a name, such as “Main office, 2nd floor”.')).toBeVisible();
  await expect(addLocation.getByLabel('Address (optional)')).toHaveValue('Building B, basement');
  await addLocation.getByLabel('Name').fill(locationName);
  await addLocation.getByRole('button', { name: 'Add location' }).click();
  await expect(addLocation.getByRole('status')).toHaveText(`Location ${locationName} added.`);
  await expect(page.getByTestId('location-row').filter({ hasText: locationName })).toContainText('Building B, basement');
  const [location] = await ownerSql()`select id, address from locations where organisation_id = ${INITECH_ID} and name = ${locationName}`;
  const locationId = location!.id as string;
  expect(location!.address).toBe('Building B, basement');
  expect(await auditRows('LOCATION_CREATED', locationId)).toHaveLength(1);

  await addLocation.getByLabel('Name').fill(`Spare room ${stamp}`);
  await addLocation.getByRole('button', { name: 'Add location' }).click();
  await expect(addLocation.getByRole('status')).toHaveText(`Location Spare room ${stamp} added.`);
  await page.getByRole('link', { name: `Spare room ${stamp}` }).click();
  await page.getByRole('button', { name: 'Delete location' }).click();
  await page.waitForURL((url) => url.pathname === '/admin/locations');
  await expect(page.getByTestId('location-row').filter({ hasText: `Spare room ${stamp}` })).toHaveCount(0);
  expect(await ownerSql()`select id from locations where organisation_id = ${INITECH_ID} and name = ${`Spare room ${stamp}`}`).toHaveLength(0);
  expect(await ownerSql()`select id from audit_log where organisation_id = ${INITECH_ID} and action = 'LOCATION_DELETED' and changes -> 'name' ->> 'before' = ${`Spare room ${stamp}`}`).toHaveLength(1);

  // 3. The approver rules: a rule below a catch-all never applies and is refused; moved up, it is saved.
  await page.goto(tenantUrl('initech', '/admin/settings'));
  const rulesCard = page.getByRole('region', { name: 'Approver rules' });
  await expect(rulesCard).toContainText('The first rule that matches an asset decides');
  const rules = rulesCard.getByTestId('approver-rule');
  while ((await rules.count()) > 0) await rulesCard.getByRole('button', { name: 'Remove rule 1' }).click();
  await rulesCard.getByRole('button', { name: '+ Add a rule' }).click();
  await rulesCard.getByRole('button', { name: '+ Add a rule' }).click();
  await rules.nth(1).getByLabel('Category').selectOption({ label: categoryName });
  await rules.nth(1).getByLabel('Approved by').selectOption({ label: 'Bill Lumbergh (Admin)' });
  await expect(rules.nth(0).getByTestId('approver-rule-sentence')).toHaveText('Assets of any category at any location are approved by any asset manager.');
  await expect(rules.nth(1).getByTestId('approver-rule-sentence')).toHaveText(`Assets of ${categoryName} at any location are approved by Bill Lumbergh.`);
  await rulesCard.getByRole('button', { name: 'Save approver rules' }).click();
  await expect(rules.nth(1).getByText('This rule never applies: rule 1 above already matches these assets')).toBeVisible();
  await expect(rules.nth(1).getByLabel('Category')).toHaveValue(categoryId);
  await expect(rules.nth(1).getByLabel('Approved by')).toHaveValue(bill);
  await screenshot(page, testInfo, 'catalogue-approver-rules-refused');
  await rulesCard.getByRole('button', { name: 'Move rule 2 up' }).click();
  await rulesCard.getByRole('button', { name: 'Save approver rules' }).click();
  await expect(rulesCard.getByRole('status')).toHaveText('Approver rules saved: 2 rules, the first that matches an asset decides.');
  await expect(rules.nth(0).getByTestId('approver-rule-sentence')).toHaveText(`Assets of ${categoryName} at any location are approved by Bill Lumbergh.`);
  const [organisation] = await ownerSql()`select loan_policy from organisations where id = ${INITECH_ID}`;
  expect((organisation!.loan_policy as { approverRules: unknown }).approverRules).toEqual([
    { categoryId, locationId: null, approverUserId: bill },
    { categoryId: null, locationId: null, approverUserId: null },
  ]);
  await screenshot(page, testInfo, 'catalogue-approver-rules');

  // 4. The asset: its required custom field is asked for, then recorded with the others.
  await page.goto(tenantUrl('initech', '/assets/new'));
  await page.getByLabel('Name', { exact: true }).fill(assetName);
  await page.getByLabel('Category', { exact: true }).selectOption({ label: categoryName });
  await page.getByLabel('Location', { exact: true }).selectOption({ label: locationName });
  await page.getByLabel('Head size (cm)').fill('58');
  await page.getByRole('button', { name: 'Create asset' }).click();
  await expect(page.getByText('Shell colour is required for this category.')).toBeVisible();
  await expect(page.getByLabel('Head size (cm)')).toHaveValue('58');
  await page.getByLabel('Shell colour (required)').selectOption('Blue');
  await page.getByLabel('Visor fitted').check();
  await page.getByRole('button', { name: 'Create asset' }).click();
  await page.waitForURL(/\/assets\/[0-9a-f-]{36}(\?|$)/);
  const assetId = new URL(page.url()).pathname.split('/').pop()!;
  const [asset] = await ownerSql()`select category_id, location_id, custom_fields from assets where id = ${assetId}`;
  expect(asset).toEqual({ category_id: categoryId, location_id: locationId, custom_fields: { shellColour: 'Blue', visor: true, headSizeCm: 58 } });

  // A category assets still use cannot be deleted, and says why.
  await page.goto(tenantUrl('initech', `/admin/categories/${categoryId}`));
  await expect(page.getByRole('region', { name: 'Delete this category' })).toContainText('1 asset still belongs to it');
  await page.getByRole('button', { name: 'Delete category' }).click();
  await expect(page.getByRole('region', { name: 'Delete this category' }).getByRole('alert')).toHaveText('Assets still belong to this category, so it cannot be deleted. Move them to another category first.');
  expect(await ownerSql()`select id from categories where id = ${categoryId}`).toHaveLength(1);

  // 5. The employee asks for it; the rule names Bill, who approves; the employee picks it up.
  await page.context().clearCookies();
  await signIn(page, 'initech-employee-1', { path: '/loans/new' });
  await page.getByLabel('Search assets').fill(`helmet ${stamp}`);
  const result = page.getByTestId('asset-result').filter({ hasText: assetName });
  await expect(result).toHaveCount(1);
  await page.waitForLoadState('networkidle');
  await result.getByRole('link', { name: `Choose ${assetName}` }).click();
  await expect(page).toHaveURL(new RegExp(`assetId=${assetId}`));
  await page.getByLabel('Pickup date').fill(today);
  await page.getByLabel('Return date').fill(addDays(today, 3));
  await expect(page.getByTestId('date-ok')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('What do you need it for?').fill('Via ferrata day out');
  await page.getByRole('button', { name: 'Send request' }).click();
  await page.waitForURL(/\/loans\/[0-9a-f-]{36}\?filed=/);
  const loanId = new URL(page.url()).pathname.split('/').pop()!;
  await expect(page.getByTestId('loan-approver')).toHaveText('Bill Lumbergh');
  const [requested] = await ownerSql()`select status, approver_id from loans where id = ${loanId}`;
  expect(requested).toEqual({ status: 'PENDING_APPROVAL', approver_id: bill });

  await page.context().clearCookies();
  await signIn(page, 'initech-admin', { path: `/loans/${loanId}` });
  await page.getByTestId('loan-actions').getByRole('button', { name: 'Approve' }).click();
  await expect.poll(async () => (await ownerSql()`select status from loans where id = ${loanId}`)[0]!.status).toBe('APPROVED');

  await page.context().clearCookies();
  await signIn(page, 'initech-employee-1', { path: `/assets/${assetId}` });
  await page.getByRole('button', { name: 'Pick up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Picked up.' })).toBeVisible();
  const [pickedUp] = await ownerSql()`select l.status, a.status as asset_status from loans l join assets a on a.id = l.asset_id where l.id = ${loanId}`;
  expect(pickedUp).toEqual({ status: 'ACTIVE', asset_status: 'LOANED' });

  // 6. The audit log tells the story in words.
  await page.context().clearCookies();
  await signIn(page, 'initech-admin', { path: '/admin/audit-log' });
  const created = await auditEntries(page, 'CATEGORY_CREATED', categoryId);
  await expect(created).toHaveCount(1);
  await expect(created.first().getByTestId('audit-sentence')).toHaveText(`Bill Lumbergh added the category ${categoryName}.`);
  await expect(created.first()).toContainText('Shell colour: choice of Red, Blue or Yellow, required');
  const policy = await auditEntries(page, 'LOAN_POLICY_UPDATED', INITECH_ID);
  await expect(policy.first().getByTestId('audit-sentence')).toHaveText('Bill Lumbergh changed the loan policy.');
  await expect(policy.first()).toContainText(`${categoryName} at any location: Bill Lumbergh; Any category at any location: any asset manager`);
  await screenshot(page, testInfo, 'catalogue-audit-policy');
});

test('an employee and an asset manager are refused the catalogue screens', async ({ page }, testInfo) => {
  await signIn(page, 'initech-employee-1', { path: '/admin/categories' });
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByTestId('category-list')).toHaveCount(0);
  await page.goto(tenantUrl('initech', '/admin/locations'));
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();

  await page.context().clearCookies();
  await signIn(page, 'acme-manager', { path: '/admin/locations' });
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  await expect(page.getByTestId('location-list')).toHaveCount(0);
  await page.goto(tenantUrl('acme', '/admin/categories'));
  await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible();
  await screenshot(page, testInfo, 'catalogue-forbidden');
});
