import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashDownloadToken } from '@/lib/privacy/data-export/download-token';
import { type ApiResponse, call, expectEnvelope } from '../../../support/api';
import { createDataExport, createPersonChangeRequest, createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { encrypt, personIdOf } from '../../privacy/data-export/data-export-helpers';
import { awaitRoomInCurrentMinute, expectLimitHeaders, expectRetryAfter } from './limit-headers';

const ANONYMOUS_PER_MINUTE = 30;

// Without a trusted proxy every caller of a tenant has the same address; here the attacker and the person holding
// the link send the same X-Forwarded-For (the test server trusts one hop), which is that situation.
const sharedAddress = { 'x-forwarded-for': '203.0.113.50' };
const newToken = () => randomBytes(32).toString('base64url');

let tenant: TestTenant;

beforeAll(async () => {
  tenant = await createTenant({ planTier: 'FREE' });
});

const get = (path: string, headers: Record<string, string> = sharedAddress, slug = tenant.slug) => call('GET', path, { tenant: slug, headers });

/** A burst of wrong links from the shared address: the first 30 answered as wrong, the rest refused as over the limit. */
async function exhaust(wrongLink: () => string, refusal: [number, string], slug = tenant.slug) {
  const burst = await Promise.all(Array.from({ length: ANONYMOUS_PER_MINUTE + 5 }, () => get(wrongLink(), sharedAddress, slug)));
  const refused = burst.filter((response) => response.status === refusal[0]);
  const limited = burst.filter((response) => response.status === 429);
  expect(refused).toHaveLength(ANONYMOUS_PER_MINUTE);
  expect(limited).toHaveLength(5);
  for (const response of refused) expectEnvelope(response, refusal[0], refusal[1]);
  for (const response of limited) {
    expectEnvelope(response, 429, 'RATE_LIMITED');
    expectRetryAfter(response, ANONYMOUS_PER_MINUTE);
  }
}

/** A guess after the burst, from anyone at the shared address, is still refused as over the limit. */
function expectStillLimited(response: ApiResponse) {
  expectEnvelope(response, 429, 'RATE_LIMITED');
  expectRetryAfter(response, ANONYMOUS_PER_MINUTE);
}

describe('a valid one-time link is never starved by other callers’ failures (issue 23, item 14)', () => {
  it('data export: 35 wrong links from the shared address, then the real link downloads the file; guessing stays limited', async () => {
    await awaitRoomInCurrentMinute(20_000);
    const personId = await personIdOf(tenant.employee);
    const token = newToken();
    const file = JSON.stringify({ person: { id: personId } });
    const exportId = await createDataExport(tenant.id, {
      person_id: personId,
      requested_by_user_id: tenant.employee.id,
      status: 'ready',
      content: await encrypt(tenant.id, 'dataExport.content', Buffer.from(file).toString('base64')),
      content_type: 'application/json',
      size_bytes: file.length,
      download_token_hash: hashDownloadToken(token),
      completed_at: new Date(),
      link_expires_at: new Date(Date.now() + 3_600_000),
    });

    await exhaust(() => `/api/v1/data-export/${randomUUID()}/download?token=${newToken()}`, [404, 'DATA_EXPORT_NOT_FOUND']);
    // The right export with a wrong token is a failure like any other.
    expectStillLimited(await get(`/api/v1/data-export/${exportId}/download?token=${newToken()}`));

    const download = await get(`/api/v1/data-export/${exportId}/download?token=${token}`);
    expect(download.status, download.text).toBe(200);
    expect(download.text).toBe(file);
    expect(expectLimitHeaders(download, ANONYMOUS_PER_MINUTE).remaining).toBe(ANONYMOUS_PER_MINUTE - 1);
    const [row] = await ownerDb()`select content, downloaded_at from data_exports where id = ${exportId}`;
    expect(row).toEqual({ content: null, downloaded_at: expect.any(Date) });

    // The link's holder learns that it was used, not that someone else's guesses ran out the shared limit.
    expectEnvelope(await get(`/api/v1/data-export/${exportId}/download?token=${token}`), 410, 'DATA_EXPORT_LINK_USED');
    expectStillLimited(await get(`/api/v1/data-export/${randomUUID()}/download?token=${newToken()}`));
    // Another address (behind a trusted proxy) keeps a failure limit of its own.
    const elsewhere = await get(`/api/v1/data-export/${randomUUID()}/download?token=${newToken()}`, { 'x-forwarded-for': '203.0.113.51' });
    expectEnvelope(elsewhere, 404, 'DATA_EXPORT_NOT_FOUND');
    expect(expectLimitHeaders(elsewhere, ANONYMOUS_PER_MINUTE).remaining).toBe(ANONYMOUS_PER_MINUTE - 1);
  });

  it('official e-mail confirmation: 35 wrong tokens from the shared address, then the real link confirms; guessing stays limited', async () => {
    const other = await createTenant({ planTier: 'FREE' });
    await awaitRoomInCurrentMinute(20_000);
    const token = newToken();
    const proposalId = await createPersonChangeRequest(other.id, {
      fields: { lastName: { from: 'Test', to: 'Tester' }, officialEmail: { from: null, to: 'new.address@club.example' } },
      email_token_hash: createHash('sha256').update(token, 'utf8').digest('hex'),
      email_token_expires_at: new Date(Date.now() + 3_600_000),
    });
    const confirm = (value: string) => `/api/v1/profile/email-confirmations?token=${value}`;
    await exhaust(() => confirm(newToken()), [404, 'EMAIL_CONFIRMATION_INVALID'], other.slug);

    const confirmed = await get(confirm(token), sharedAddress, other.slug);
    expect(confirmed.status, confirmed.text).toBe(200);
    expect(confirmed.body).toEqual({ proposalId, status: 'pending', approved: false });
    const [row] = await ownerDb()`select status, email_token_hash, email_confirmed_at from person_change_requests where id = ${proposalId}`;
    expect(row).toEqual({ status: 'pending', email_token_hash: null, email_confirmed_at: expect.any(Date) });

    expectStillLimited(await get(confirm(newToken()), sharedAddress, other.slug));
  });
});
