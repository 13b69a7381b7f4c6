import { randomBytes } from 'node:crypto';
import { expect, type Page, test, type TestInfo } from '@playwright/test';
import { ownerSql } from './support/db';
import { tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signInByCookie } from './support/sign-in-by-cookie';

/**
 * Text a person pasted without a single space (a link of 300 characters, a serial number) once made the
 * dashboard 3,567 px wide at phone width. Such text is put in every place a person types it, and every page that
 * shows it must stay as wide as the screen: long words break, tables scroll within their own box.
 */
const longText = (what: string) => `https://example.test/${what}/${'a1b2c3d4e5'.repeat(30)}`;

type Arranged = { slug: string; adminAccount: string; employeeAccount: string; assetId: string; loanId: string; conversationId: string; incidentId: string; employeePersonId: string };
let tenant: Arranged;

async function arrangeTenant(): Promise<Arranged> {
  const sql = ownerSql();
  // The slug has no dash: the account ids below start with it, and the sign-in cookie's domain is taken from them.
  const slug = `wrap${randomBytes(4).toString('hex')}`;
  const [org] = await sql`insert into organisations (slug, name, plan_tier) values (${slug}, ${`Club ${longText('organisation')}`}, 'PRO_STANDARD') returning id`;
  const orgId = org!.id as string;
  const person = async (firstName: string, lastName: string, email: string) =>
    (await sql`insert into persons (organisation_id, first_name, last_name, official_email, phone)
      values (${orgId}, ${firstName}, ${lastName}, ${email}, ${longText('phone')}) returning id`)[0]!.id as string;
  const user = async (personId: string, account: string, role: string) =>
    (await sql`insert into users (organisation_id, person_id, idp_subject, email, role) values (${orgId}, ${personId}, ${account}, ${`${account}@example.test`}, ${role}) returning id`)[0]!.id as string;
  const adminAccount = `${slug}-admin`;
  const employeeAccount = `${slug}-employee`;
  const adminPersonId = await person('Alex', longText('surname'), `${adminAccount}@example.test`);
  const employeePersonId = await person(longText('first-name'), 'Ellis', `${'e'.repeat(120)}@example.test`);
  const adminId = await user(adminPersonId, adminAccount, 'ADMIN');
  const employeeId = await user(employeePersonId, employeeAccount, 'EMPLOYEE');

  const [category] = await sql`insert into categories (organisation_id, name, custom_fields)
    values (${orgId}, ${longText('category')}, ${sql.json([{ key: 'note', label: 'Note', type: 'text' }])}) returning id`;
  const [location] = await sql`insert into locations (organisation_id, name) values (${orgId}, ${longText('location')}) returning id`;
  const [asset] = await sql`insert into assets (organisation_id, name, category_id, location_id, inventory_number, serial_number, manufacturer, model, supplier, status, owner_id, custom_fields)
    values (${orgId}, ${longText('asset-name')}, ${category!.id}, ${location!.id}, ${`INV-${'9'.repeat(80)}`}, ${longText('serial')}, ${longText('maker')},
      ${longText('model')}, ${longText('supplier')}, 'LOANED', ${adminId}, ${sql.json({ note: longText('custom-field') })}) returning id`;
  await sql`insert into asset_maintenance (organisation_id, asset_id, kind, status, title, description, vendor, scheduled_for, created_by_user_id)
    values (${orgId}, ${asset!.id}, 'REPAIR', 'PLANNED', ${longText('repair-title')}, ${longText('repair-description')}, ${longText('vendor')}, current_date + 3, ${adminId})`;
  const [loan] = await sql`insert into loans (organisation_id, asset_id, requester_id, approver_id, decided_by_id, status, start_date, end_date, purpose, decided_at, picked_up_at)
    values (${orgId}, ${asset!.id}, ${employeeId}, ${adminId}, ${adminId}, 'ACTIVE', current_date - 1, current_date + 5, ${longText('loan-note')}, now(), now()) returning id`;
  await sql`insert into announcements (organisation_id, title, body, author_user_id) values (${orgId}, ${longText('news-title')}, ${`Read this: ${longText('news-body')}`}, ${adminId})`;
  const [conversation] = await sql`insert into conversations (organisation_id, kind, title) values (${orgId}, 'general', ${longText('conversation')}) returning id`;
  await sql`insert into conversation_participants ${sql([
    { organisation_id: orgId, conversation_id: conversation!.id, person_id: adminPersonId },
    { organisation_id: orgId, conversation_id: conversation!.id, person_id: employeePersonId },
  ])}`;
  await sql`insert into messages (organisation_id, conversation_id, author_person_id, body) values (${orgId}, ${conversation!.id}, ${employeePersonId}, ${longText('message')})`;
  const [incident] = await sql`insert into incident_reports (organisation_id, person_id, reported_by_user_id, occurred_at, severity, description)
    values (${orgId}, ${employeePersonId}, ${employeeId}, now() - interval '1 day', 'low', ${longText('incident')}) returning id`;
  return {
    slug,
    adminAccount,
    employeeAccount,
    assetId: asset!.id as string,
    loanId: loan!.id as string,
    conversationId: conversation!.id as string,
    incidentId: incident!.id as string,
    employeePersonId,
  };
}

test.beforeAll(async () => {
  tenant = await arrangeTenant();
});

/** The page is no wider than the screen, and the long text is on it (broken over lines, not cut off). */
async function expectFits(page: Page, testInfo: TestInfo, path: string, shows: string, name: string): Promise<void> {
  const response = await page.goto(tenantUrl(tenant.slug, path));
  expect(response?.status(), path).toBe(200);
  // A list is a table on a desktop and cards on a phone: the text must be visible in whichever shows.
  await expect(page.getByText(longText(shows)).filter({ visible: true }).first()).toBeVisible();
  // A phone widens its layout viewport to fit a page that overflows, so the screen's width is the project's viewport.
  const screen = page.viewportSize()!.width;
  const width = await page.evaluate((screenWidth) => {
    // The outermost elements that reach past the screen's edge, named in the failure so that it says what to fix.
    const clipped = (element: Element): boolean => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) if (getComputedStyle(parent).overflowX !== 'visible') return true;
      return false;
    };
    const wide = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > screenWidth + 1 && !clipped(element));
    const outermost = wide.filter((element) => !wide.includes(element.parentElement!)).slice(0, 3);
    return { page: document.documentElement.scrollWidth, screen: screenWidth, culprits: outermost.map((element) => `${element.tagName.toLowerCase()}.${element.className}`) };
  }, screen);
  // Soft: one run names every page that overflows, not just the first.
  expect.soft(width.page, `${path} is ${width.page} px wide on a ${width.screen} px screen: ${width.culprits.join(' | ')}`).toBeLessThanOrEqual(width.screen);
  await screenshot(page, testInfo, `long-text-${name}`, { fullPage: false });
}

test.describe('long unbroken text wraps', () => {
  test('an employee sees news, the asset, their loan, a conversation and their incident report at the width of the screen', async ({ page, context }, testInfo) => {
    await signInByCookie(context, tenant.employeeAccount);
    await expectFits(page, testInfo, '/dashboard', 'news-body', 'employee-dashboard');
    await expectFits(page, testInfo, '/assets', 'asset-name', 'employee-assets');
    await expectFits(page, testInfo, `/assets/${tenant.assetId}`, 'asset-name', 'employee-asset');
    await expectFits(page, testInfo, `/assets/${tenant.assetId}?tab=specification`, 'custom-field', 'employee-asset-specification');
    await expectFits(page, testInfo, `/assets/${tenant.assetId}?tab=maintenance`, 'repair-description', 'employee-asset-maintenance');
    await expectFits(page, testInfo, '/loans', 'asset-name', 'employee-loans');
    await expectFits(page, testInfo, `/loans/${tenant.loanId}`, 'loan-note', 'employee-loan');
    await expectFits(page, testInfo, '/conversations', 'conversation', 'employee-conversations');
    await expectFits(page, testInfo, `/conversations/${tenant.conversationId}`, 'message', 'employee-conversation');
    await expectFits(page, testInfo, '/incidents', 'incident', 'employee-incidents');
    await expectFits(page, testInfo, `/incidents/${tenant.incidentId}`, 'incident', 'employee-incident');
    await expectFits(page, testInfo, '/profile', 'first-name', 'employee-profile');
  });

  test('an admin sees news, loans, people and the audit log at the width of the screen', async ({ page, context }, testInfo) => {
    await signInByCookie(context, tenant.adminAccount);
    await expectFits(page, testInfo, '/dashboard', 'organisation', 'admin-dashboard');
    await expectFits(page, testInfo, '/admin/news', 'news-title', 'admin-news');
    await expectFits(page, testInfo, '/loans?view=all', 'asset-name', 'admin-loans');
    await expectFits(page, testInfo, `/loans/${tenant.loanId}`, 'loan-note', 'admin-loan');
    await expectFits(page, testInfo, '/assets', 'asset-name', 'admin-assets');
    await expectFits(page, testInfo, `/people/${tenant.employeePersonId}`, 'first-name', 'admin-person');
    await expectFits(page, testInfo, '/people', 'first-name', 'admin-people');
    await expectFits(page, testInfo, `/conversations/${tenant.conversationId}`, 'message', 'admin-conversation');
  });
});
