import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { backupTables } from '@/lib/privacy/backups/backup-tables';
import { BACKUP_FORMAT_VERSION } from '@/lib/privacy/backups/schemas';
import { SCHEMA_VERSION } from '@/lib/privacy/backups/schema-version';
import { BACKUP_INTERRUPTED_MESSAGE } from '@/lib/privacy/backups/request-backup';
import { createBackups } from '@/lib/privacy/jobs/create-backups';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb, racingDb } from '../../../support/job-db';
import { getBinary, parseBackup, readableText, runBackupJob } from './backup-helpers';
import { testEncryption } from './restore-helpers';

let tenant: TestTenant;
let other: TestTenant;
let adminToken: string;
let otherAssetIds: string[];

// More assets than one export batch (1000), so the keyset paging of the export is exercised.
const ASSET_COUNT = 1205;
// Binary content travels as PostgreSQL's hex text in the sealed rows.
const PHOTO = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0xff]);

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  adminToken = await tenant.admin.token();
  const [photographed] = await insertAssets(tenant, Array.from({ length: ASSET_COUNT }, (_, i) => ({ name: `Backup asset ${i}` })));
  await ownerDb()`insert into asset_photos (asset_id, organisation_id, content_type, size_bytes, content, uploaded_by_user_id)
    values (${photographed!}, ${tenant.id}, 'image/png', ${PHOTO.length}, ${PHOTO}, ${tenant.admin.id})`;
  await ownerDb()`insert into asset_maintenance (organisation_id, asset_id, kind, status, title, cost, created_by_user_id)
    values (${tenant.id}, ${photographed!}, 'REPAIR', 'DONE', 'New hinge', 42.5, ${tenant.admin.id})`;
  otherAssetIds = await insertAssets(other, [{ name: 'Globex-only ball' }, { name: 'Globex-only net' }]);
});

const api = (method: string, path: string, token: string, slug = tenant.slug) => call(method, path, { tenant: slug, token });
const storedBackup = async (id: string) => (await ownerDb()`select organisation_id, status, requested_by_user_id, size_bytes, content, error, completed_at from backups where id = ${id}`)[0];
const auditOf = (id: string) => ownerDb()`select action, actor_type, actor_user_id, changes, metadata, request_id from audit_log where target_type = 'BACKUP' and target_id = ${id} order by id`;

async function waitUntilReady(id: string, slug = tenant.slug, token = adminToken) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const res = await api('GET', `/api/v1/backups/${id}`, token, slug);
    expect(res.status).toBe(200);
    if (res.body.status !== 'PENDING' && res.body.status !== 'RUNNING') return res.body;
    if (Date.now() > deadline) throw new Error(`backup ${id} still ${res.body.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('backups', () => {
  it('runs the full cycle: request (202), 409 before ready, job, download of exactly this tenant, audit', async () => {
    const requested = await api('POST', '/api/v1/backups', adminToken);
    expect(requested.status).toBe(202);
    const id = requested.body.id as string;
    expect(requested.headers.location).toBe(`/api/v1/backups/${id}`);
    expect(requested.body).toEqual({
      id,
      status: 'PENDING',
      requestedBy: { userId: tenant.admin.id, name: 'Test ADMIN' },
      createdAt: expect.any(String),
      completedAt: null,
      sizeBytes: null,
      error: null,
    });
    expect(await storedBackup(id)).toMatchObject({ organisation_id: tenant.id, status: 'PENDING', requested_by_user_id: tenant.admin.id, content: null });

    const early = await getBinary(`/api/v1/backups/${id}/download`, tenant.slug, adminToken);
    expect(early.status).toBe(409);
    expect(JSON.parse(early.bytes.toString('utf8')).error).toMatchObject({ code: 'BACKUP_NOT_READY', details: { backupId: id, status: 'PENDING' } });
    const twin = await api('POST', '/api/v1/backups', adminToken);
    expectEnvelope(twin, 409, 'BACKUP_IN_PROGRESS');
    expect(twin.body.error.details).toEqual({ backupId: id });

    expect(await runBackupJob('backup-run-1')).toMatchObject({ created: 1, failed: 0 });
    const ready = await waitUntilReady(id);
    expect(ready).toMatchObject({ id, status: 'READY', completedAt: expect.any(String), sizeBytes: expect.any(Number), error: null });

    const file = await getBinary(`/api/v1/backups/${id}/download`, tenant.slug, adminToken);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/gzip');
    expect(file.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="quartermaster-${tenant.slug}-\\d{8}T\\d{6}Z\\.json\\.gz"$`));
    expect(file.bytes.length).toBe(ready.sizeBytes);
    const stored = await storedBackup(id);
    expect(stored).toMatchObject({ status: 'READY', size_bytes: file.bytes.length, error: null });
    expect(Buffer.compare(stored!.content as Buffer, file.bytes)).toBe(0);

    const backup = await parseBackup(file.bytes);
    expect(Object.keys(backup.tables)).toEqual(backupTables.map((table) => table.name));
    expect(backup.manifest).toEqual({
      formatVersion: BACKUP_FORMAT_VERSION,
      schemaVersion: SCHEMA_VERSION,
      organisation: { id: tenant.id, slug: tenant.slug, name: `Tenant ${tenant.slug}` },
      createdAt: expect.any(String),
      rowCounts: Object.fromEntries(backupTables.map(({ name }) => [name, backup.tables[name]!.length])),
    });
    const assetIds = (await ownerDb()`select id from assets where organisation_id = ${tenant.id}`).map((row) => row.id as string).sort();
    expect(assetIds).toHaveLength(ASSET_COUNT);
    expect(backup.tables.assets!.map((row) => row.id).sort()).toEqual(assetIds);
    expect(new Set(backup.tables.assets!.map((row) => row.id)).size).toBe(ASSET_COUNT);
    expect(backup.tables.assets![0]).not.toHaveProperty('label_secret_hash');
    expect(backup.tables.organisations).toEqual([expect.objectContaining({ id: tenant.id, slug: tenant.slug })]);
    expect(backup.tables.organisations![0]).not.toHaveProperty('custom_rate_limits');
    expect(backup.tables.users!.map((row) => row.id).sort()).toEqual([tenant.admin.id, tenant.manager.id, tenant.employee.id].sort());
    expect(backup.tables.audit_log!.map((row) => row.action)).toContain('BACKUP_REQUESTED');
    expect(backup.tables.asset_photos).toEqual([expect.objectContaining({ content_type: 'image/png', size_bytes: PHOTO.length, content: `\\x${PHOTO.toString('hex')}` })]);
    expect(backup.tables.asset_maintenance).toEqual([expect.objectContaining({ kind: 'REPAIR', status: 'DONE', title: 'New hinge', cost: 42.5 })]);
    const text = JSON.stringify(backup);
    expect(text).not.toContain(other.id);
    expect(text).not.toContain(other.slug);
    // Sealed: whoever downloads the file reads its manifest, and not one row.
    const readable = readableText(file.bytes);
    expect(readable).toContain(tenant.slug);
    expect(readable).not.toContain(assetIds[0]!);
    expect(readable).not.toContain('New hinge');
    for (const assetId of otherAssetIds) expect(text).not.toContain(assetId);

    expect(await auditOf(id)).toEqual([
      { action: 'BACKUP_REQUESTED', actor_type: 'USER', actor_user_id: tenant.admin.id, changes: { status: { before: null, after: 'PENDING' } }, metadata: {}, request_id: requested.headers['x-request-id'] },
      {
        action: 'BACKUP_COMPLETED',
        actor_type: 'SYSTEM',
        actor_user_id: null,
        changes: { status: { before: 'RUNNING', after: 'READY' } },
        metadata: { sizeBytes: file.bytes.length, rowCounts: backup.manifest.rowCounts },
        request_id: 'backup-run-1',
      },
      { action: 'BACKUP_DOWNLOADED', actor_type: 'USER', actor_user_id: tenant.admin.id, changes: {}, metadata: { sizeBytes: file.bytes.length }, request_id: file.headers['x-request-id'] },
    ]);

    const list = await api('GET', '/api/v1/backups', adminToken);
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([ready]);
    expect(list.body.data[0]).not.toHaveProperty('content');
  });

  it('refuses managers and employees (403) and stores nothing', async () => {
    const [backup] = await ownerDb()`select id from backups where organisation_id = ${tenant.id} limit 1`;
    for (const user of [tenant.manager, tenant.employee]) {
      const token = await user.token();
      expectEnvelope(await api('POST', '/api/v1/backups', token), 403, 'FORBIDDEN');
      expectEnvelope(await api('GET', '/api/v1/backups', token), 403, 'FORBIDDEN');
      expectEnvelope(await api('GET', `/api/v1/backups/${backup!.id}`, token), 403, 'FORBIDDEN');
      const file = await getBinary(`/api/v1/backups/${backup!.id}/download`, tenant.slug, token);
      expect(file.status).toBe(403);
      expect(JSON.parse(file.bytes.toString('utf8')).error.code).toBe('FORBIDDEN');
    }
    expect(await ownerDb()`select id from backups where organisation_id = ${tenant.id}`).toHaveLength(1);
    expect(await ownerDb()`select id from audit_log where organisation_id = ${tenant.id} and action = 'BACKUP_DOWNLOADED'`).toHaveLength(1);
  });

  it("answers 404 for another tenant's backup, exactly as for one that does not exist", async () => {
    const [backup] = await ownerDb()`select id from backups where organisation_id = ${tenant.id} limit 1`;
    const otherToken = await other.admin.token();
    for (const id of [backup!.id as string, '00000000-0000-4000-8000-000000000000']) {
      const res = await api('GET', `/api/v1/backups/${id}`, otherToken, other.slug);
      expectEnvelope(res, 404, 'BACKUP_NOT_FOUND');
      const file = await getBinary(`/api/v1/backups/${id}/download`, other.slug, otherToken);
      expect(file.status).toBe(404);
      expect(JSON.parse(file.bytes.toString('utf8')).error.code).toBe('BACKUP_NOT_FOUND');
    }
    expect((await api('GET', '/api/v1/backups', otherToken, other.slug)).body.data).toEqual([]);
    expectEnvelope(await api('GET', '/api/v1/backups/not-a-uuid', adminToken), 400, 'VALIDATION_ERROR');
  });

  it('keeps the newest 10 READY backups; older ones become EXPIRED without their file', async () => {
    const own = await createTenant();
    const token = await own.admin.token();
    const old = Array.from({ length: 10 }, (_, i) => ({
      organisation_id: own.id,
      requested_by_user_id: own.admin.id,
      status: 'READY',
      created_at: new Date(Date.UTC(2020, 0, 1 + i)),
      completed_at: new Date(Date.UTC(2020, 0, 1 + i)),
      content: gzipSync('{}'),
      size_bytes: 23,
    }));
    const inserted = await ownerDb()`insert into backups ${ownerDb()(old)} returning id, created_at`;
    const oldest = inserted.find((row) => (row.created_at as Date).getTime() === Date.UTC(2020, 0, 1))!.id as string;

    const requested = await api('POST', '/api/v1/backups', token, own.slug);
    expect(requested.status).toBe(202);
    expect(await runBackupJob('backup-run-retention')).toMatchObject({ created: 1, expired: 1 });
    expect(await waitUntilReady(requested.body.id, own.slug, token)).toMatchObject({ status: 'READY' });

    const statuses = await ownerDb()`select id, status, content is null as dropped from backups where organisation_id = ${own.id}`;
    expect(statuses.filter((row) => row.status === 'READY')).toHaveLength(10);
    expect(statuses.filter((row) => row.status === 'EXPIRED')).toEqual([{ id: oldest, status: 'EXPIRED', dropped: true }]);
    expect(await auditOf(oldest)).toEqual([expect.objectContaining({ action: 'BACKUP_EXPIRED', actor_type: 'SYSTEM', changes: { status: { before: 'READY', after: 'EXPIRED' } } })]);
    const file = await getBinary(`/api/v1/backups/${oldest}/download`, own.slug, token);
    expect(file.status).toBe(409);
    expect(JSON.parse(file.bytes.toString('utf8')).error).toMatchObject({ code: 'BACKUP_NOT_READY', details: { status: 'EXPIRED' } });

    const first = await api('GET', '/api/v1/backups?limit=6', token, own.slug);
    expect(first.body.pagination).toMatchObject({ limit: 6, total: 11, hasMore: true });
    expect(first.body.data[0].id).toBe(requested.body.id);
    const second = await api('GET', `/api/v1/backups?limit=6&cursor=${first.body.pagination.nextCursor}`, token, own.slug);
    expect(second.body.pagination).toMatchObject({ total: 11, hasMore: false, nextCursor: null });
    const ids = [...first.body.data, ...second.body.data].map((b: { id: string }) => b.id);
    expect(new Set(ids).size).toBe(11);
    expect(ids.at(-1)).toBe(oldest);
  });

  it('lets exactly one of two racing job runs make a backup', async () => {
    const own = await createTenant();
    const requested = await api('POST', '/api/v1/backups', await own.admin.token(), own.slug);
    expect(requested.status).toBe(202);
    const db = racingDb(jobDb(), 2);
    const results = await Promise.all([createBackups({ db, now: () => new Date(), encryption: testEncryption() }), createBackups({ db, now: () => new Date(), encryption: testEncryption() })]);
    expect(results.map((r) => r.created).sort()).toEqual([0, 1]);
    expect(await storedBackup(requested.body.id)).toMatchObject({ status: 'READY' });
    expect((await auditOf(requested.body.id)).map((row) => row.action)).toEqual(['BACKUP_REQUESTED', 'BACKUP_COMPLETED']);
  });

  it('settles a RUNNING backup whose runner died as FAILED on the next request, and a fresh one is left alone', async () => {
    const own = await createTenant();
    const token = await own.admin.token();
    const [stale] = await ownerDb()`insert into backups (organisation_id, requested_by_user_id, status, created_at)
      values (${own.id}, ${own.admin.id}, 'RUNNING', now() - interval '2 hours') returning id`;
    const requested = await api('POST', '/api/v1/backups', token, own.slug);
    expect(requested.status).toBe(202);
    expect(await storedBackup(stale!.id)).toMatchObject({ status: 'FAILED', error: BACKUP_INTERRUPTED_MESSAGE, completed_at: expect.any(Date) });
    expect(await auditOf(stale!.id)).toEqual([
      expect.objectContaining({ action: 'BACKUP_FAILED', actor_user_id: own.admin.id, changes: { status: { before: 'RUNNING', after: 'FAILED' } }, metadata: { reason: 'interrupted' } }),
    ]);

    await ownerDb()`update backups set status = 'RUNNING' where id = ${requested.body.id}`;
    expectEnvelope(await api('POST', '/api/v1/backups', token, own.slug), 409, 'BACKUP_IN_PROGRESS');
    expect(await storedBackup(requested.body.id)).toMatchObject({ status: 'RUNNING', error: null });
  });
});
