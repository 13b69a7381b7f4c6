import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signInByCookie } from './support/sign-in-by-cookie';

/**
 * The asset list says who has each asset, a manager prints the labels of many assets on one sheet, and a label
 * page shows a label as issued once it is. A tenant of its own per project, so counts and labels are only ours.
 */
type Arranged = { slug: string; orgId: string; managerAccount: string; employeeAccount: string; managerId: string; byName: Map<string, string>; loanEnd: string; bookedStart: string; bookedEnd: string };
let tenant: Arranged;

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const words = (isoDate: string) => day.format(new Date(`${isoDate}T00:00:00Z`));
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

async function arrangeTenant(): Promise<Arranged> {
  const sql = ownerSql();
  const slug = `labels${randomBytes(4).toString('hex')}`;
  const [org] = await sql`insert into organisations (slug, name, plan_tier) values (${slug}, 'Riverside Rowing Club', 'PRO_STANDARD') returning id`;
  const orgId = org!.id as string;
  const account = async (suffix: string, role: string, firstName: string, lastName: string) => {
    const accountId = `${slug}-${suffix}`;
    const [person] = await sql`insert into persons (organisation_id, first_name, last_name, official_email) values (${orgId}, ${firstName}, ${lastName}, ${`${accountId}@example.test`}) returning id`;
    const [user] = await sql`insert into users (organisation_id, person_id, idp_subject, email, role) values (${orgId}, ${person!.id}, ${accountId}, ${`${accountId}@example.test`}, ${role}) returning id`;
    return { accountId, userId: user!.id as string };
  };
  const manager = await account('manager', 'ASSET_MANAGER', 'Morgan', 'Mills');
  const employee = await account('employee', 'EMPLOYEE', 'Erin', 'Ellis');
  const borrower = await account('borrower', 'EMPLOYEE', 'Priya', 'Shah');
  const [category] = await sql`insert into categories (organisation_id, name) values (${orgId}, 'Boats') returning id`;
  const [location] = await sql`insert into locations (organisation_id, name) values (${orgId}, 'Boathouse') returning id`;
  const names = ['Single scull', 'Double scull', 'Coxless four', 'Eight', 'Coaching launch', 'Ergometer'];
  const rows = await sql`insert into assets ${sql(
    names.map((name, i) => ({ organisation_id: orgId, name, category_id: category!.id, location_id: location!.id, inventory_number: `BOAT-${i + 1}`, status: i === 0 ? 'LOANED' : 'AVAILABLE' })),
  )} returning id, name`;
  const byName = new Map(rows.map((row) => [row.name as string, row.id as string]));
  // The eight's label was issued before: printing it again voids that one.
  await sql`update assets set label_secret_hash = ${sha256('old-label-of-the-eight')}, label_issued_at = now() - interval '30 days' where id = ${byName.get('Eight')!}`;
  const [dates] = await sql`select to_char(current_date + 4, 'YYYY-MM-DD') as loan_end, to_char(current_date + 10, 'YYYY-MM-DD') as booked_start, to_char(current_date + 12, 'YYYY-MM-DD') as booked_end`;
  await sql`insert into loans (organisation_id, asset_id, requester_id, approver_id, decided_by_id, status, start_date, end_date, purpose, decided_at, picked_up_at)
    values (${orgId}, ${byName.get('Single scull')!}, ${borrower.userId}, ${manager.userId}, ${manager.userId}, 'ACTIVE', current_date - 2, ${dates!.loan_end}, 'Morning training', now(), now())`;
  await sql`insert into loans (organisation_id, asset_id, requester_id, approver_id, decided_by_id, status, start_date, end_date, purpose, decided_at)
    values (${orgId}, ${byName.get('Coaching launch')!}, ${borrower.userId}, ${manager.userId}, ${manager.userId}, 'APPROVED', ${dates!.booked_start}, ${dates!.booked_end}, 'Regatta safety boat', now())`;
  return {
    slug,
    orgId,
    managerAccount: manager.accountId,
    employeeAccount: employee.accountId,
    managerId: manager.userId,
    byName,
    loanEnd: dates!.loan_end as string,
    bookedStart: dates!.booked_start as string,
    bookedEnd: dates!.booked_end as string,
  };
}

test.beforeAll(async () => {
  tenant = await arrangeTenant();
});

const isPhone = (testInfo: TestInfo) => testInfo.project.name === 'phone';
const rowOf = (page: Page, testInfo: TestInfo, name: string) => page.getByTestId(isPhone(testInfo) ? 'asset-card' : 'asset-row').filter({ hasText: name });

async function openAs(page: Page, account: string, path: string): Promise<void> {
  await page.context().clearCookies();
  await signInByCookie(page.context(), account);
  await page.goto(tenantUrl(tenant.slug, path));
}

async function fitsTheScreen(page: Page): Promise<void> {
  // A phone widens its layout viewport to fit a page that overflows, so the screen's width is the project's viewport.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

test.describe('who has each asset', () => {
  test('a manager sees the borrower of a loan and of a booking, with their dates', async ({ page }, testInfo) => {
    await openAs(page, tenant.managerAccount, '/assets');
    await expect(rowOf(page, testInfo, 'Single scull').getByTestId('asset-holder')).toHaveText(`With Priya Shah until ${words(tenant.loanEnd)}`);
    await expect(rowOf(page, testInfo, 'Coaching launch').getByTestId('asset-holder')).toHaveText(`Booked by Priya Shah from ${words(tenant.bookedStart)} to ${words(tenant.bookedEnd)}`);
    await expect(rowOf(page, testInfo, 'Ergometer').getByTestId('asset-holder')).toHaveCount(isPhone(testInfo) ? 0 : 1);
    await fitsTheScreen(page);
    await screenshot(page, testInfo, 'asset-labels-list-manager');
  });

  test('an employee sees who has an asset, as on its page, but not who booked it', async ({ page }, testInfo) => {
    await openAs(page, tenant.employeeAccount, '/assets');
    await expect(rowOf(page, testInfo, 'Single scull').getByTestId('asset-holder')).toHaveText(`With Priya Shah until ${words(tenant.loanEnd)}`);
    await expect(rowOf(page, testInfo, 'Coaching launch').getByTestId('asset-holder')).toHaveText(`Booked from ${words(tenant.bookedStart)} to ${words(tenant.bookedEnd)}`);
    await expect(page.getByText('Priya Shah from')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Print labels' })).toHaveCount(0);
    await screenshot(page, testInfo, 'asset-labels-list-employee');
  });
});

test.describe('a sheet of labels', () => {
  test('a manager selects assets, is told when none is selected, and prints a sheet with a label for each', async ({ page }, testInfo) => {
    await openAs(page, tenant.managerAccount, '/assets');
    // Nothing selected yet: the button says what to do instead of opening an empty sheet.
    await page.getByRole('button', { name: 'Print labels' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Tick the assets whose labels you want to print first' })).toBeVisible();
    await expect(page).toHaveURL(tenantUrl(tenant.slug, '/assets'));
    await screenshot(page, testInfo, 'asset-labels-nothing-selected');

    const chosen = ['Double scull', 'Coxless four', 'Eight'];
    for (const name of chosen) await page.getByRole('checkbox', { name: `Select ${name}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('3 selected');
    await page.getByRole('button', { name: 'Print labels' }).click();
    await page.waitForURL(/\/assets\/labels\?ids=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Print labels' })).toBeVisible();
    await expect(page.getByTestId('sheet-asset')).toHaveCount(3);
    await expect(page.getByTestId('sheet-summary')).toContainText('1 of these assets already has a label');
    await expect(page.getByTestId('sheet-asset').filter({ hasText: 'Eight' })).toContainText('Has a label: it will be replaced');
    await fitsTheScreen(page);
    await screenshot(page, testInfo, 'asset-labels-sheet-before');

    await page.getByRole('button', { name: 'Issue and print 3 labels' }).click();
    const labels = page.getByTestId('sheet-label');
    await expect(labels).toHaveCount(3);
    await expect(page.locator('#label-sheet [data-testid="asset-qr-code"]')).toHaveCount(3);
    await expect(page.getByRole('button', { name: 'Print sheet' })).toBeVisible();
    await expect(page.getByText('3 labels issued, on 1 A4 page.')).toBeVisible();
    for (const name of chosen) {
      const label = labels.filter({ hasText: name });
      await expect(label).toContainText(`BOAT-${['Single scull', 'Double scull', 'Coxless four', 'Eight'].indexOf(name) + 1}`);
      const qr = (await label.getByTestId('asset-qr-code').getAttribute('data-qr-value'))!;
      const secret = decodeURIComponent(qr.split('/q/')[1]!);
      expect(qr).toBe(tenantUrl(tenant.slug, `/q/${secret}`));
      const [stored] = await ownerSql()`select label_secret_hash, label_issued_at > now() - interval '1 minute' as fresh from assets where id = ${tenant.byName.get(name)!}`;
      expect(stored).toEqual({ label_secret_hash: sha256(secret), fresh: true });
    }
    const audit = await ownerSql()`select target_id, actor_user_id, metadata from audit_log where organisation_id = ${tenant.orgId} and action = 'ASSET_LABEL_REISSUED' order by target_id`;
    expect(audit.map((entry) => entry.target_id).sort()).toEqual(chosen.map((name) => tenant.byName.get(name)!).sort());
    expect(new Set(audit.map((entry) => entry.actor_user_id))).toEqual(new Set([tenant.managerId]));
    expect(JSON.stringify(audit)).not.toContain('old-label-of-the-eight');
    await screenshot(page, testInfo, 'asset-labels-sheet-issued');
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('button', { name: 'Print sheet' })).toBeHidden();
    await screenshot(page, testInfo, 'asset-labels-sheet-print');
    await page.emulateMedia({ media: 'screen' });
  });

  test('a sheet leaves out the assets that have a label when the manager says so', async ({ page }, testInfo) => {
    const ids = ['Ergometer', 'Eight'].map((name) => tenant.byName.get(name)!);
    const [before] = await ownerSql()`select label_secret_hash from assets where id = ${ids[1]!}`;
    await openAs(page, tenant.managerAccount, `/assets/labels?ids=${ids.join(',')}`);
    await page.getByRole('button', { name: 'Only the one without a label' }).click();
    await expect(page.getByTestId('sheet-label')).toHaveCount(1);
    await expect(page.getByTestId('sheet-label')).toContainText('Ergometer');
    const [after] = await ownerSql()`select label_secret_hash from assets where id = ${ids[1]!}`;
    expect(after!.label_secret_hash).toBe(before!.label_secret_hash);
    await screenshot(page, testInfo, 'asset-labels-sheet-only-unlabelled');
  });

  test('an empty or oversized selection is refused in words', async ({ page }, testInfo) => {
    await openAs(page, tenant.managerAccount, '/assets/labels');
    await expect(page.getByTestId('label-sheet-refusal')).toContainText('Select at least one asset whose label you want to print.');
    await expect(page.getByTestId('sheet-label')).toHaveCount(0);
    await screenshot(page, testInfo, 'asset-labels-sheet-empty');
    const tooMany = Array.from({ length: 101 }, () => randomUUID()).join(',');
    await page.goto(tenantUrl(tenant.slug, `/assets/labels?ids=${tooMany}`));
    await expect(page.getByTestId('label-sheet-refusal')).toContainText('A sheet holds at most 100 labels: select fewer assets.');
  });

  test('an employee cannot open the sheet', async ({ page }) => {
    const ids = [...tenant.byName.values()].join(',');
    await page.context().clearCookies();
    await signInByCookie(page.context(), tenant.employeeAccount);
    const response = await page.goto(tenantUrl(tenant.slug, `/assets/labels?ids=${ids}`));
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId('sheet-asset')).toHaveCount(0);
    const [issued] = await ownerSql()`select count(*)::int as n from audit_log where organisation_id = ${tenant.orgId} and action = 'ASSET_LABEL_REISSUED'
      and actor_user_id = (select id from users where idp_subject = ${tenant.employeeAccount})`;
    expect(issued!.n).toBe(0);
  });
});

test.describe('one label', () => {
  test('after issuing, the page shows the label as issued: when, by whom, and that the old one no longer works', async ({ page }, testInfo) => {
    const assetId = tenant.byName.get('Double scull')!;
    await ownerSql()`update assets set label_secret_hash = null, label_issued_at = null where id = ${assetId}`;
    await openAs(page, tenant.managerAccount, `/assets/${assetId}/label`);
    await expect(page.getByTestId('label-status')).toContainText('Not issued');
    await expect(page.getByTestId('label-status')).toContainText('This asset has no label yet.');
    await page.getByRole('button', { name: 'Issue the label' }).click();
    await expect(page.getByTestId('asset-label')).toBeVisible();
    const [stored] = await ownerSql()`select to_char(label_issued_at at time zone 'UTC', 'YYYY-MM-DD') as day from assets where id = ${assetId}`;
    await expect(page.getByTestId('label-status')).toContainText(`Label issued on ${words(stored!.day as string)} by you.`);
    await expect(page.getByTestId('label-status')).toContainText('any label printed for this asset before it no longer does');
    await expect(page.getByRole('button', { name: 'Issue a new label' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Print label' })).toBeVisible();
    await fitsTheScreen(page);
    await screenshot(page, testInfo, 'asset-label-issued');

    // Issued again: the old label is named as void, and a reload still shows the label as issued.
    await page.getByRole('button', { name: 'Issue a new label' }).click();
    await expect(page.getByText('The label printed before no longer works')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('label-status')).toContainText('Issued');
    await expect(page.getByTestId('label-status')).toContainText('by you');
    await expect(page.getByRole('button', { name: 'Issue the label' })).toHaveCount(0);
    const [entries] = await ownerSql()`select count(*)::int as n from audit_log where organisation_id = ${tenant.orgId} and action = 'ASSET_LABEL_REISSUED' and asset_id = ${assetId}`;
    expect(entries!.n).toBeGreaterThanOrEqual(2);
    await screenshot(page, testInfo, 'asset-label-issued-reloaded');
  });
});
