import { and, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { codelistValues } from '@/db/schema';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { call, expectEnvelope } from '../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { control, postRegistryEvent, processDelivery, requestsSince, runCodelistSync } from './global-registry';

let a: TestTenant;
let b: TestTenant;
const registryLists = ['athlete_category', 'competition', 'league', 'region', 'sport'];
const localLists = ['coach_competencies', 'mentoring_session_topic', 'physio_competencies', 'referee_competencies'];

async function registryValue(list: string, code: string) {
  const [row] = await ownerDb()`select id, label, active, is_custom, custom_for_org_id, updated_at from codelist_values where codelist = ${list} and code = ${code} and custom_for_org_id is null`;
  return row;
}

const get = async (tenant: TestTenant, path: string) => call('GET', path, { tenant: tenant.slug, token: await tenant.employee.token() });
const asAdmin = async (tenant: TestTenant, method: string, path: string, json?: unknown) => call(method, path, { tenant: tenant.slug, token: await tenant.admin.token(), json });

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  await runCodelistSync('all');
});

describe('the scheduled code-list sync', () => {
  it('brings every registry list and never requests a local list', async () => {
    const mark = new Date().toISOString();
    const result = await runCodelistSync('all');
    expect(result).toMatchObject({ lists: 5, failed: 0, phase0: 0 });
    // The registry is shared with the other registry files, whose events may ask for an organisation meanwhile.
    const requested = (await requestsSince(mark)).map((r) => r.path).filter((path) => path.startsWith('/api/v1/codelists'));
    expect(new Set(requested.map((path) => path.replace(/\?.*$/, '')))).toEqual(new Set(registryLists.map((name) => `/api/v1/codelists/${name}`)));
    for (const path of requested) expect(path).toMatch(/^\/api\/v1\/codelists\/(sport|region|athlete_category|league|competition)\?changedSince=/);
    for (const name of localLists) expect(requested.join(' ')).not.toContain(name);

    const lists = await get(a, '/api/v1/codelists');
    expect(lists.status).toBe(200);
    const byName = Object.fromEntries((lists.body.data as { name: string }[]).map((l) => [l.name, l]));
    expect(Object.keys(byName).sort()).toEqual([...registryLists, ...localLists].sort());
    expect(byName.sport).toMatchObject({ source: 'registry', isLocal: false, cadence: 'weekly', lastSyncedAt: expect.any(String) });
    expect(byName.league).toMatchObject({ source: 'registry', cadence: 'daily' });
    expect(byName.coach_competencies).toMatchObject({ source: 'local', isLocal: true, cadence: null, lastSyncedAt: null });

    const sport = await get(a, '/api/v1/codelists/sport');
    expect(sport.status).toBe(200);
    expect(sport.body.values).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'football', label: 'Football', active: true, isCustom: false, customForOrgId: null })]));
    expect(await registryValue('region', 'DE-BE')).toMatchObject({ label: 'Berlin', active: true, is_custom: false });
    const [list] = await ownerDb()`select changed_since, last_synced_at, last_error from codelists where name = 'sport'`;
    expect(list).toMatchObject({ changed_since: expect.any(Date), last_synced_at: expect.any(Date), last_error: null });
  });

  it('runs per cadence: the daily run asks only for league and competition', async () => {
    const mark = new Date().toISOString();
    expect(await runCodelistSync('daily')).toMatchObject({ lists: 2, failed: 0 });
    const paths = new Set((await requestsSince(mark)).map((r) => r.path.replace(/\?.*$/, '')).filter((path) => path.startsWith('/api/v1/codelists')));
    expect(paths).toContain('/api/v1/codelists/competition');
    expect(paths).toContain('/api/v1/codelists/league');
    // Weekly lists wait for the weekly run (sport aside: the person file's stray sport event may re-sync it meanwhile).
    expect(paths).not.toContain('/api/v1/codelists/region');
    expect(paths).not.toContain('/api/v1/codelists/athlete_category');
  });

  it('catches a change whose webhook never arrived, deactivating without deleting', async () => {
    await control('PUT', '/codelists/league/values/BL-BE', { label: 'Berlin-Liga (Staffel Nord)' });
    await control('PUT', '/codelists/competition/values/INDOOR-BE', { active: false });
    const before = await registryValue('competition', 'INDOOR-BE');
    const result = await runCodelistSync('daily');
    expect(result).toMatchObject({ lists: 2, modified: 1, deactivated: 1, failed: 0 });
    expect(await registryValue('league', 'BL-BE')).toMatchObject({ label: 'Berlin-Liga (Staffel Nord)', active: true });
    expect(await registryValue('competition', 'INDOOR-BE')).toMatchObject({ id: before!.id, active: false });
    // Asked again: nothing new (changedSince is the newest registry change seen).
    expect(await runCodelistSync('daily')).toMatchObject({ modified: 0, deactivated: 0, added: 0 });
  });
});

describe('codelist webhooks', () => {
  it('apply an added, a modified and a deactivated value at once', async () => {
    await control('PUT', '/codelists/sport/values/padel', { label: 'Padel' });
    await control('PUT', '/codelists/sport/values/cycling', { label: 'Road cycling' });
    await control('PUT', '/codelists/sport/values/tennis', { active: false });
    const tennis = await registryValue('sport', 'tennis');
    const mark = new Date().toISOString();
    const added = await postRegistryEvent({ event: 'codelist.value_added', codelist: 'sport', valueCode: 'padel', changedFields: ['label'] });
    const modified = await postRegistryEvent({ event: 'codelist.value_modified', codelist: 'sport', valueCode: 'cycling', changedFields: ['label'] });
    const deactivated = await postRegistryEvent({ event: 'codelist.value_deactivated', codelist: 'sport', valueCode: 'tennis', changedFields: ['active'] });
    for (const delivery of [added, modified, deactivated]) expect(await processDelivery(delivery.id)).toMatchObject({ status: 'processed', outcome: expect.stringContaining('code list sport') });

    expect(await registryValue('sport', 'padel')).toMatchObject({ label: 'Padel', active: true, is_custom: false });
    expect(await registryValue('sport', 'cycling')).toMatchObject({ label: 'Road cycling', active: true });
    expect(await registryValue('sport', 'tennis')).toMatchObject({ id: tennis!.id, label: 'Tennis', active: false });
    // Only this list was asked for, incrementally (the other registry files' stray events may ask for organisations).
    const requested = (await requestsSince(mark)).filter((r) => r.path.startsWith('/api/v1/codelists'));
    expect(requested.length).toBeGreaterThan(0);
    for (const r of requested) expect(r).toMatchObject({ method: 'GET', path: expect.stringMatching(/^\/api\/v1\/codelists\/sport\?changedSince=/) });

    const sport = await get(b, '/api/v1/codelists/sport');
    expect(sport.body.values).toEqual(expect.arrayContaining([expect.objectContaining({ code: 'tennis', active: false }), expect.objectContaining({ code: 'padel', active: true })]));
  });

  it('for a local list is ignored and never requested from the registry', async () => {
    const mark = new Date().toISOString();
    const delivery = await postRegistryEvent({ event: 'codelist.value_added', codelist: 'coach_competencies', valueCode: 'UEFA-A' });
    expect(await processDelivery(delivery.id)).toMatchObject({ status: 'ignored', outcome: 'a local code list: never synced' });
    expect((await requestsSince(mark)).filter((r) => r.path.includes('coach_competencies'))).toEqual([]);
    const [count] = await ownerDb()`select count(*)::int as n from codelist_values where codelist = 'coach_competencies' and custom_for_org_id is null`;
    expect(count!.n).toBe(0);
  });
});

describe('custom values', () => {
  it('belong to one tenant: created by its admins, invisible and untouchable for another tenant, audited', async () => {
    const created = await asAdmin(a, 'POST', '/api/v1/codelists/sport/values', { code: 'club-padel', label: 'Club padel' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ code: 'club-padel', label: 'Club padel', active: true, isCustom: true, customForOrgId: a.id });
    expect(created.headers.location).toBe(`/api/v1/codelists/sport/values/${created.body.id}`);
    const [row] = await ownerDb()`select is_custom, custom_for_org_id, active from codelist_values where id = ${created.body.id}`;
    expect(row).toEqual({ is_custom: true, custom_for_org_id: a.id, active: true });
    const [audit] = await ownerDb()`select action, organisation_id, metadata from audit_log where target_id = ${created.body.id}`;
    expect(audit).toMatchObject({ action: 'CODELIST_VALUE_CREATED', organisation_id: a.id, metadata: { codelist: 'sport', code: 'club-padel' } });

    const seenByA = await get(a, '/api/v1/codelists/sport');
    expect(seenByA.body.values.map((v: { code: string }) => v.code)).toContain('club-padel');
    const seenByB = await get(b, '/api/v1/codelists/sport');
    expect(seenByB.body.values.map((v: { code: string }) => v.code)).not.toContain('club-padel');
    expect(seenByB.body.customValueCount).toBe(0);

    expectEnvelope(await asAdmin(b, 'PATCH', `/api/v1/codelists/sport/values/${created.body.id}`, { label: 'Hijacked' }), 404, 'CODELIST_VALUE_NOT_FOUND');
    const [unchanged] = await ownerDb()`select label from codelist_values where id = ${created.body.id}`;
    expect(unchanged!.label).toBe('Club padel');

    // B may use the same code for a value of its own.
    expect((await asAdmin(b, 'POST', '/api/v1/codelists/sport/values', { code: 'club-padel', label: 'Padel (B)' })).status).toBe(201);
  });

  it('are changed and deactivated by the admin; registry values are read-only', async () => {
    const created = await asAdmin(a, 'POST', '/api/v1/codelists/coach_competencies/values', { code: 'UEFA-B', label: 'UEFA B licence' });
    expect(created.status).toBe(201);
    const relabelled = await asAdmin(a, 'PATCH', `/api/v1/codelists/coach_competencies/values/${created.body.id}`, { label: 'UEFA B coaching licence' });
    expect(relabelled.status).toBe(200);
    const off = await asAdmin(a, 'PATCH', `/api/v1/codelists/coach_competencies/values/${created.body.id}`, { active: false });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ label: 'UEFA B coaching licence', active: false });
    const [row] = await ownerDb()`select label, active from codelist_values where id = ${created.body.id}`;
    expect(row).toEqual({ label: 'UEFA B coaching licence', active: false });
    const audits = await ownerDb()`select action, changes, metadata from audit_log where target_id = ${created.body.id} order by occurred_at, id`;
    expect(audits.map((e) => e.action)).toEqual(['CODELIST_VALUE_CREATED', 'CODELIST_VALUE_UPDATED', 'CODELIST_VALUE_UPDATED']);
    expect(audits[2]).toMatchObject({ changes: { active: { before: true, after: false } }, metadata: { deactivated: true } });

    const football = await registryValue('sport', 'football');
    expectEnvelope(await asAdmin(a, 'PATCH', `/api/v1/codelists/sport/values/${football!.id}`, { label: 'Soccer' }), 409, 'CODELIST_VALUE_READ_ONLY');
    expect(await registryValue('sport', 'football')).toMatchObject({ label: 'Football', active: true });
  });

  it('answer roles and bad input clearly', async () => {
    expectEnvelope(await call('POST', '/api/v1/codelists/sport/values', { tenant: a.slug, token: await a.employee.token(), json: { code: 'x1', label: 'X' } }), 403, 'FORBIDDEN');
    expectEnvelope(await call('GET', '/api/v1/codelists', { tenant: a.slug }), 401, 'UNAUTHENTICATED');
    expectEnvelope(await asAdmin(a, 'POST', '/api/v1/codelists/sport/values', { code: 'FOOTBALL', label: 'Football again' }), 409, 'CODELIST_VALUE_EXISTS');
    expectEnvelope(await asAdmin(a, 'POST', '/api/v1/codelists/sport/values', { code: 'ok-code', label: '' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await asAdmin(a, 'POST', '/api/v1/codelists/sport/values', { code: 'has space', label: 'X' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await asAdmin(a, 'POST', '/api/v1/codelists/no_such_list/values', { code: 'x', label: 'X' }), 404, 'CODELIST_NOT_FOUND');
    expectEnvelope(await get(a, '/api/v1/codelists/no_such_list'), 404, 'CODELIST_NOT_FOUND');
    expectEnvelope(await asAdmin(a, 'PATCH', '/api/v1/codelists/sport/values/not-a-uuid', { label: 'X' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await asAdmin(a, 'PATCH', `/api/v1/codelists/sport/values/${crypto.randomUUID()}`, {}), 400, 'VALIDATION_ERROR');
    const [count] = await ownerDb()`select count(*)::int as n from codelist_values where code in ('x1', 'ok-code', 'has space', 'FOOTBALL')`;
    expect(count!.n).toBe(0);
  });

  it('survive every sync and are never sent to the registry', async () => {
    const mine = await asAdmin(a, 'POST', '/api/v1/codelists/region/values', { code: 'club-area', label: 'Club catchment area' });
    expect(mine.status).toBe(201);
    const [before] = await ownerDb()`select label, active, updated_at from codelist_values where id = ${mine.body.id}`;
    const mark = new Date().toISOString();
    await control('PUT', '/codelists/region/values/DE-HH', { label: 'Free and Hanseatic City of Hamburg' });
    const delivery = await postRegistryEvent({ event: 'codelist.value_modified', codelist: 'region', valueCode: 'DE-HH', changedFields: ['label'] });
    await processDelivery(delivery.id);
    await runCodelistSync('all');
    await runCodelistSync('weekly');

    expect(await registryValue('region', 'DE-HH')).toMatchObject({ label: 'Free and Hanseatic City of Hamburg' });
    const [after] = await ownerDb()`select label, active, updated_at from codelist_values where id = ${mine.body.id}`;
    expect(after).toEqual(before);
    const [customCount] = await ownerDb()`select count(*)::int as n from codelist_values where is_custom and custom_for_org_id = ${a.id}`;
    expect(customCount!.n).toBeGreaterThanOrEqual(3);

    const requested = await requestsSince(mark);
    for (const r of requested) {
      expect(r.method).toBe('GET');
      for (const custom of ['club-area', 'club-padel', 'UEFA-B']) expect(r.path).not.toContain(custom);
      for (const name of localLists) expect(r.path).not.toContain(name);
    }
  });

  it('the app role cannot write registry values or another tenant’s values (RLS)', async () => {
    await expect(
      withTenant(jobDb(), a.id, (tx) => tx.insert(codelistValues).values({ codelist: 'sport', code: 'forged', label: 'Forged', isCustom: false, customForOrgId: null })),
    ).rejects.toThrow();
    await expect(
      withTenant(jobDb(), a.id, (tx) => tx.insert(codelistValues).values({ codelist: 'sport', code: 'forged', label: 'Forged', isCustom: true, customForOrgId: b.id })),
    ).rejects.toThrow();
    const updated = await withTenant(jobDb(), a.id, (tx) =>
      tx.update(codelistValues).set({ label: 'Soccer' }).where(and(eq(codelistValues.codelist, 'sport'), eq(codelistValues.code, 'football'), isNull(codelistValues.customForOrgId))).returning(),
    );
    expect(updated).toEqual([]);
    expect(await registryValue('sport', 'football')).toMatchObject({ label: 'Football' });
  });
});
