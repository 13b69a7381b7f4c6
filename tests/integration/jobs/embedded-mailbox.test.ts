import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { addDays, toIsoDate } from '@/lib/time';
import { tokenFor } from '../../support/factories';
import { type AppServer, startAppServer } from '../../support/start-app-server';
import { testAudience } from '../../support/test-env';

// The embedded default end to end: no Inngest, no Resend key. The in-process driver must turn a filed
// request into a delivered dev-mailbox e-mail within seconds.
let server: AppServer;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'qm-mailbox-'));
  server = await startAppServer({
    PGLITE_DATA_DIR: path.join(dataDir, 'pglite'),
    DEMO_MODE: 'true',
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

describe('dev mailbox in the embedded default', () => {
  it('shows the approver e-mail of a filed request, delivered by the in-process driver within seconds', async () => {
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
    const filedAt = Date.now();

    let page = '';
    while (Date.now() - filedAt < 5_000) {
      const response = await fetch(`${server.baseUrl}/dev/mailbox?tenant=acme`);
      expect(response.status).toBe(200);
      page = await response.text();
      if (page.includes(`/loans/${filed.body.id}`) && page.includes('via dev-mailbox')) break;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }

    expect(page).toContain('Loan request: ');
    expect(page).toContain(`/loans/${filed.body.id}`);
    expect(page).toContain('via dev-mailbox');
    expect(page).toContain('sandbox=""');
  });

  it('is not served outside demo mode', async () => {
    const response = await fetch(`${inject('baseUrl')}/dev/mailbox`);
    expect(response.status).toBe(404);
  });
});
