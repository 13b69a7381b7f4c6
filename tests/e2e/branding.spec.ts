import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { getUserAccessToken } from '../support/idp-client';
import { testAudience } from '../support/test-env';
import { ownerSql } from './support/db';
import { e2eState, tenantUrl } from './support/e2e-state';
import { screenshot } from './support/screenshot';
import { signIn } from './support/sign-in';

const ACME_ID = '0b4c3a7e-0000-4000-8000-00000000ac01';
const CUSTOM_DOMAIN = 'portal.acme-corp.test';
const PRIMARY = '#0b6e4f';
const ACCENT = '#e07a1f';
const HOSTILE_LOGO =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40" onload="alert(1)"><script>alert(document.cookie)</script>' +
  '<rect width="40" height="40" rx="8" fill="#0b6e4f"/><path d="M12 20h16M20 12v16" stroke="#ffffff" stroke-width="4"/>' +
  '<image href="https://tracker.example/pixel.png" width="1" height="1"/></svg>';

type Reply = { status: number; text: string };

/** HTTP to the app with a chosen Host header (fetch cannot set one), as a browser at that address would send. */
function hostRequest(method: string, host: string, path: string, options: { token?: string; json?: unknown } = {}): Promise<Reply> {
  const body = options.json === undefined ? undefined : JSON.stringify(options.json);
  const headers: Record<string, string> = { host: `${host}:${e2eState().appPort}` };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) });
  return new Promise((resolve, reject) => {
    const req = httpRequest({ hostname: '127.0.0.1', port: e2eState().appPort, method, path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

const tokenOf = (accountId: string) => getUserAccessToken(e2eState().issuer, accountId, { audience: testAudience });

async function storedOrganisation(slug: string) {
  const [row] = await ownerSql()`select id, plan_tier, branding, custom_domain from organisations where slug = ${slug}`;
  return row!;
}

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

async function openBranding(page: Page, accountId: string) {
  await signIn(page, accountId, { path: '/admin/branding' });
  await expect(page.getByRole('heading', { level: 1, name: 'Branding' })).toBeVisible();
}

test.describe('tenant branding', () => {
  test.describe.configure({ mode: 'serial' });
  let acmeOriginal: { branding: unknown; custom_domain: string | null };

  test.beforeAll(async () => {
    const acme = await storedOrganisation('acme');
    acmeOriginal = { branding: acme.branding, custom_domain: acme.custom_domain };
  });

  test.afterAll(async () => {
    await ownerSql()`update organisations set branding = ${ownerSql().json(acmeOriginal.branding as never)}, custom_domain = ${acmeOriginal.custom_domain} where id = ${ACME_ID}`;
  });

  test('a FREE tenant admin sees the defaults and an upgrade hint, and no form', async ({ page }, testInfo) => {
    const globex = await storedOrganisation('globex');
    expect(globex.plan_tier).toBe('FREE');
    await openBranding(page, 'globex-admin');
    const hint = page.getByTestId('branding-upgrade-hint');
    await expect(hint).toContainText('Branding is available from Pro Standard');
    await expect(hint).toContainText('Your plan: Free');
    await expect(page.getByRole('form', { name: 'Branding' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Save branding' })).toHaveCount(0);
    await expect(page.locator('input[type="file"], input[type="color"]')).toHaveCount(0);
    await screenshot(page, testInfo, 'branding-upgrade');
  });

  test('the API refuses a FREE tenant with 403 PLAN_UPGRADE_REQUIRED and keeps its branding', async ({}, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'an API call; the same on every width');
    const before = await storedOrganisation('globex');
    const reply = await hostRequest('PATCH', 'globex.localhost', '/api/v1/branding', { token: await tokenOf('globex-admin'), json: { primaryColor: '#ff0000', loginTagline: 'Sneaky' } });
    expect(reply.status).toBe(403);
    expect(JSON.parse(reply.text).error).toMatchObject({ code: 'PLAN_UPGRADE_REQUIRED', details: { requiredPlan: 'PRO_STANDARD', currentPlan: 'FREE' } });
    const after = await storedOrganisation('globex');
    expect(after.branding).toEqual(before.branding);
    expect(after.custom_domain).toEqual(before.custom_domain);
  });

  test('an admin of a Pro Standard tenant sees the branding form with a live preview', async ({ page }, testInfo) => {
    await openBranding(page, 'acme-admin');
    await expect(page.getByRole('form', { name: 'Branding' })).toBeVisible();
    await expect(page.getByTestId('branding-upgrade-hint')).toHaveCount(0);
    await page.getByLabel('Primary', { exact: true }).fill('#7c3aed');
    await expect(page.getByTestId('preview-hero')).toHaveCSS('background-color', 'rgb(124, 58, 237)');
    await expect(page.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(124, 58, 237)');
    await screenshot(page, testInfo, 'branding');
  });

  test('colours and an SVG logo set through the form reach the login page and e-mails, sanitised', async ({ page, browser }, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes stored data; runs once');
    await openBranding(page, 'acme-admin');
    await page.getByLabel('Primary', { exact: true }).fill(PRIMARY);
    await page.getByLabel('Accent', { exact: true }).fill(ACCENT);
    await page.getByLabel('Upload an SVG logo').setInputFiles({ name: 'acme.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(HOSTILE_LOGO) });
    await expect(page.getByTestId('preview-logo')).toBeVisible();
    await page.getByRole('button', { name: 'Save branding' }).click();
    await expect(page.getByRole('status')).toHaveText('Branding saved.');

    const { branding } = await storedOrganisation('acme');
    expect(branding).toMatchObject({ primaryColor: PRIMARY, accentColor: ACCENT });
    const logo = branding.logoSvg as string;
    expect(logo).toContain('<rect width="40" height="40" rx="8" fill="#0b6e4f">');
    for (const bad of ['script', 'onload', 'tracker.example', 'alert']) expect(logo).not.toContain(bad);
    const dataUri = `data:image/svg+xml;base64,${Buffer.from(logo, 'utf8').toString('base64')}`;
    await expect(page.getByTestId('logo-preview')).toHaveAttribute('src', dataUri);

    const visitor = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const login = await visitor.newPage();
    await login.goto(tenantUrl('acme', '/login'));
    await expect(login.getByTestId('login-hero')).toHaveCSS('background-color', hexToRgb(PRIMARY));
    await expect(login.getByRole('img', { name: 'Acme Corporation logo' })).toHaveAttribute('src', dataUri);
    await screenshot(login, testInfo, 'branding-login');
    await visitor.close();

    const email = await triggerLoanApprovedEmail();
    expect(email.html).toContain(PRIMARY);
    expect(email.html).toContain(dataUri);
  });

  test('a custom domain serves the tenant login page', async ({}, testInfo) => {
    test.skip(testInfo.project.name === 'phone', 'changes stored data; runs once');
    const reply = await hostRequest('PATCH', 'acme.localhost', '/api/v1/branding', { token: await tokenOf('acme-admin'), json: { customDomain: CUSTOM_DOMAIN } });
    expect(reply.status).toBe(200);
    expect((await storedOrganisation('acme')).custom_domain).toBe(CUSTOM_DOMAIN);
    const page = await hostRequest('GET', CUSTOM_DOMAIN, '/login');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Sign in to Acme Corporation');
    expect(page.text).toContain(`--color-brand:${PRIMARY}`);
    expect((await hostRequest('GET', 'portal.unknown-corp.test', '/login')).status).toBe(404);
  });
});

type SinkMessage = { to: string | string[]; subject: string; html: string };

/** A real loan-approved e-mail for acme: a pending request, approved by the manager through the API. */
async function triggerLoanApprovedEmail(): Promise<SinkMessage> {
  const sql = ownerSql();
  const assetName = `Branding camera ${randomBytes(3).toString('hex')}`;
  const [asset] = await sql`insert into assets (organisation_id, name, category_id, location_id, inventory_number, custom_fields)
    select organisation_id, ${assetName}, category_id, location_id, ${`BRAND-${randomBytes(4).toString('hex')}`}, custom_fields
    from assets where organisation_id = ${ACME_ID} limit 1 returning id`;
  const [requester] = await sql`select id, email from users where organisation_id = ${ACME_ID} and idp_subject = 'acme-employee-1'`;
  const [loan] = await sql`insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose)
    values (${ACME_ID}, ${asset!.id}, ${requester!.id}, 'PENDING_APPROVAL', current_date + 20, current_date + 22, 'Branding check') returning id`;
  const approved = await hostRequest('POST', 'acme.localhost', `/api/v1/loans/${loan!.id}/approve`, { token: await tokenOf('acme-manager') });
  expect(approved.status).toBe(200);
  let found: SinkMessage | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${e2eState().mailSinkUrl}/emails`, { headers: { authorization: `Bearer ${e2eState().mailSinkApiKey}` } });
        const { data } = (await response.json()) as { data: SinkMessage[] };
        found = data.find((message) => [message.to].flat().includes(requester!.email) && message.html.includes(assetName));
        return Boolean(found);
      },
      { timeout: 45_000, intervals: [500, 1000, 2000] },
    )
    .toBe(true);
  return found!;
}
