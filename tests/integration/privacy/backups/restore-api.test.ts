import { beforeAll, describe, expect, it } from 'vitest';
import { organisations } from '@/db/schema';
import { exportTenantData } from '@/lib/privacy/backups/export-tenant-data';
import { MAX_BACKUP_FILE_BYTES } from '@/lib/privacy/backups/schemas';
import { call, expectEnvelope } from '../../../support/api';
import { createMedicalTreatment, createPerson, createTenant, createUser, insertAssets, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { insertRow } from '../../../support/insert-row';
import { jobDb } from '../../../support/job-db';
import { postFile } from './backup-helpers';
import { testEncryption } from './restore-helpers';

let source: TestTenant;
let file: Buffer;
let sourceAssetId: string;

/** A new organisation with nothing but its admin, who can sign in. */
async function emptyOrganisation(): Promise<{ id: string; slug: string; admin: TestUser }> {
  const slug = `r-${crypto.randomUUID().slice(0, 10)}`;
  const id = await insertRow(organisations, { slug, name: `Restored ${slug}`, plan_tier: 'ENTERPRISE', custom_rate_limits: { perMinute: 100000, perDay: 10000000 } });
  return { id, slug, admin: await createUser(id, 'ADMIN') };
}

const count = async (table: string, organisationId: string) => Number((await ownerDb().unsafe(`select count(*) from "${table}" where organisation_id = $1`, [organisationId]))[0]!.count);

beforeAll(async () => {
  source = await createTenant();
  sourceAssetId = (await insertAssets(source, [{ name: 'Restored projector' }, { name: 'Restored tripod' }]))[0]!;
  // The factory's people carry random bytes as their national identifier; a restore reads only real ciphertext.
  await createMedicalTreatment(source.id, { person_id: await createPerson(source.id, { identifier_national: null }), diagnosis: null, detailed_notes: null });
  file = (await exportTenantData(jobDb(), source.id, new Date(), testEncryption().keyRing)).content;
});

describe('POST /api/v1/restores', () => {
  it('refuses managers and employees (403) and changes nothing', async () => {
    for (const user of [source.manager, source.employee]) {
      const res = await postFile('/api/v1/restores', source.slug, await user.token(), file);
      expect(res.status).toBe(403);
      expect(res.json.error.code).toBe('FORBIDDEN');
    }
    expect(await count('assets', source.id)).toBe(2);
  });

  it('refuses a file that is not a backup, in words, and a body that is not a file', async () => {
    const target = await emptyOrganisation();
    const token = await target.admin.token();
    const csv = await postFile('/api/v1/restores', target.slug, token, Buffer.from('name,email\nAda,ada@example.test\n'));
    expect(csv.status).toBe(422);
    expect(csv.json.error).toMatchObject({ code: 'BACKUP_FILE_INVALID', message: 'This file is not a Quartermaster backup. Choose a file downloaded from the backup page.' });
    const json = await call('POST', '/api/v1/restores', { tenant: target.slug, token, json: { file: 'x' } });
    expectEnvelope(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const empty = await postFile('/api/v1/restores', target.slug, token, Buffer.alloc(0));
    expect(empty.status).toBe(422);
    const huge = await postFile('/api/v1/restores', target.slug, token, Buffer.alloc(MAX_BACKUP_FILE_BYTES + 1));
    expect(huge.status).toBe(413);
    expect(huge.json.error).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', details: { maxBytes: MAX_BACKUP_FILE_BYTES } });
    expect(await count('persons', target.id)).toBe(1);
    expect(await ownerDb()`select 1 from audit_log where organisation_id = ${target.id} and action = 'BACKUP_RESTORED'`).toHaveLength(0);
  });

  it('refuses an organisation that is not empty (409), naming why in words', async () => {
    const res = await postFile('/api/v1/restores', source.slug, await source.admin.token(), file);
    expect(res.status).toBe(409);
    expect(res.json.error.code).toBe('RESTORE_TARGET_NOT_EMPTY');
    expect(res.json.error.message).toMatch(/^A backup can only be restored into an empty organisation/);
    expect(res.json.error.details.tables).toEqual(expect.arrayContaining(['persons', 'users', 'categories', 'locations', 'assets', 'medical_treatments']));
    expect(await count('assets', source.id)).toBe(2);
  });

  it('restores into an empty organisation (200); neither organisation sees the other one\'s rows (404)', async () => {
    const target = await emptyOrganisation();
    const token = await target.admin.token();
    const res = await postFile('/api/v1/restores', target.slug, token, file);
    expect(res.status, res.bytes.toString('utf8')).toBe(200);
    expect(res.json).toMatchObject({
      sourceOrganisation: { name: `Tenant ${source.slug}`, slug: source.slug },
      backupCreatedAt: expect.any(String),
      erasedSubjects: 0,
      rowCounts: expect.objectContaining({ assets: 2, users: 3, categories: 1, locations: 1, medical_treatments: 1 }),
    });
    expect(await count('assets', target.id)).toBe(2);
    expect(await count('users', target.id)).toBe(4);

    const assets = await call('GET', '/api/v1/assets?sort=name', { tenant: target.slug, token });
    expect(assets.status).toBe(200);
    expect(assets.body.data.map((asset: { name: string }) => asset.name)).toEqual(['Restored projector', 'Restored tripod']);
    const restoredId = assets.body.data[0].id as string;
    expect(restoredId).not.toBe(sourceAssetId);
    expectEnvelope(await call('GET', `/api/v1/assets/${sourceAssetId}`, { tenant: target.slug, token }), 404, 'ASSET_NOT_FOUND');
    expectEnvelope(await call('GET', `/api/v1/assets/${restoredId}`, { tenant: source.slug, token: await source.admin.token() }), 404, 'ASSET_NOT_FOUND');

    const [audit] = await ownerDb()`select actor_user_id, target_type, target_id, request_id from audit_log where organisation_id = ${target.id} and action = 'BACKUP_RESTORED'`;
    expect(audit).toEqual({ actor_user_id: target.admin.id, target_type: 'ORGANISATION', target_id: target.id, request_id: res.headers['x-request-id'] });

    // Restored accounts keep their sign-in within the new organisation: the source's manager is a manager there too.
    const [manager] = await ownerDb()`select role, is_active from users where organisation_id = ${target.id} and idp_subject = ${source.manager.subject}`;
    expect(manager).toEqual({ role: 'ASSET_MANAGER', is_active: true });
  });
});
