import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { addDays, toIsoDate } from '@/lib/platform/time';
import { tokenFor } from '../../../support/factories';
import { sessionCookie } from '../../../support/session';
import { type AppServer, startAppServer } from '../../../support/start-app-server';
import { testAudience } from '../../../support/test-env';

// The embedded default end to end: no Inngest, no Resend key. The in-process driver must turn a filed
// request into a delivered dev-mailbox e-mail within seconds, shown only to that tenant's admins.
let server: AppServer;
let dataDir: string;
const authSecret = randomBytes(32).toString('base64url');

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qm-mailbox-'));
  server = await startAppServer({
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    DEMO_MODE: 'true',
    AUTH_SECRET: authSecret,
    OIDC_ISSUER: inject('oidcIssuer'),
    API_AUDIENCE: testAudience,
    JOBS_IN_PROCESS: 'true',
    RESEND_API_KEY: '',
    INNGEST_EVENT_KEY: '',
    INNGEST_DEV: '',
  });
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

async function api(url: string, token: string, init: RequestInit = {}) {
  const response = await fetch(`${server.baseUrl}${url}`, { ...init, headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' } });
  return { status: response.status, body: await response.json() };
}

/** A portal session of a seeded account, whose user id only the embedded database knows. */
async function signedIn(accountId: string): Promise<string> {
  const account = demoAccounts.find((a) => a.accountId === accountId)!;
  const slug = accountId.split('-')[0]!;
  const users = await api(`/api/v1/users?tenant=${slug}&limit=100`, await tokenFor(`${slug}-admin`));
  const user = users.body.data.find((u: { email: string }) => u.email === account.email);
  return sessionCookie(authSecret, { id: user.id, organisationId: account.organisationId });
}

const mailbox = (query: string, cookie?: string) => fetch(`${server.baseUrl}/dev/mailbox${query}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

describe('dev mailbox in the embedded default', () => {
  let loanId = '';

  it("shows the approver e-mail of a filed request to the tenant's admin, delivered by the in-process driver within seconds", async () => {
    const token = await tokenFor('acme-employee-1');
    const assets = await api('/api/v1/assets?tenant=acme&status=AVAILABLE&limit=1', token);
    expect(assets.status).toBe(200);
    const asset = assets.body.data[0];
    const start = addDays(toIsoDate(new Date()), 14);

    const filed = await api('/api/v1/loans?tenant=acme', token, {
      method: 'POST',
      body: JSON.stringify({ assetId: asset.id, startDate: start, endDate: addDays(start, 2), purpose: 'Mailbox check' }),
    });
    expect(filed.status).toBe(201);
    loanId = filed.body.id;
    const filedAt = Date.now();
    const admin = await signedIn('acme-admin');

    let page = '';
    while (Date.now() - filedAt < 5_000) {
      const response = await mailbox('?tenant=acme', admin);
      expect(response.status).toBe(200);
      page = await response.text();
      if (page.includes(`/loans/${loanId}`) && page.includes('via dev-mailbox')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    expect(page).toContain('Loan request: ');
    expect(page).toContain(`/loans/${loanId}`);
    expect(page).toContain('via dev-mailbox');
    expect(page).toContain('sandbox=""');
    expect(page).toContain('Acme Corporation');
    expect(page).not.toContain('Globex');
  });

  it('sends an anonymous visitor to sign in, and shows no mail', async () => {
    const response = await mailbox('?tenant=acme');
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toMatch(/^\/login\?callbackUrl=%2Fdev%2Fmailbox/);
    expect(await response.text()).not.toContain(`/loans/${loanId}`);
    const noTenant = await mailbox('');
    expect(noTenant.status).not.toBe(200);
    expect(await noTenant.text()).not.toContain('Loan request: ');
  });

  it('refuses an employee', async () => {
    const response = await mailbox('?tenant=acme', await signedIn('acme-employee-1'));
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain(`/loans/${loanId}`);
  });

  it("shows another tenant's admin only that tenant's mail, and not this tenant's with its session", async () => {
    const globexAdmin = await signedIn('globex-admin');
    const own = await mailbox('?tenant=globex', globexAdmin);
    expect(own.status).toBe(200);
    const page = await own.text();
    expect(page).toContain('Globex Sports Club');
    expect(page).not.toContain('Acme Corporation');
    expect(page).not.toContain(`/loans/${loanId}`);
    expect(page).not.toContain('acme.example');

    const foreign = await mailbox('?tenant=acme', globexAdmin);
    expect(foreign.status).toBe(307);
    expect(foreign.headers.get('location')).toMatch(/^\/login/);
  });

  it('is not served outside demo mode', async () => {
    const response = await fetch(`${inject('baseUrl')}/dev/mailbox`);
    expect(response.status).toBe(404);
  });
});
