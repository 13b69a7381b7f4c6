import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { registrySeedPersons } from '@/scripts/registry-simulator/seed-data';
import type { RegistryPerson } from '@/scripts/registry-simulator/types';
import { apiKey, call, getRaw, startSimulator } from './simulator-helpers';

let simulator: RegistrySimulator;
let clock: Date;

beforeEach(async () => {
  clock = new Date('2026-02-01T10:00:00.000Z');
  simulator = await startSimulator({ now: () => clock });
});

afterEach(async () => {
  await simulator.close();
});

const personKeys = ['active', 'birthDate', 'deactivatedAt', 'firstName', 'id', 'lastName', 'nationalIdentifier', 'nationality', 'officialEmail', 'organizationIds', 'updatedAt', 'version'];

describe('API key', () => {
  it('refuses a call without the key or with a wrong one, in the JSON error envelope', async () => {
    for (const headers of [{ 'x-api-key': '' }, { 'x-api-key': 'wrong-key' }]) {
      const response = await call(simulator, '/api/v1/persons/P-100001', { headers });
      expect(response.status).toBe(401);
      expect(response.body).toEqual({ error: { code: 'UNAUTHORIZED', message: 'A valid X-API-Key header is required.' } });
    }
    const post = await call(simulator, '/api/v1/persons', { method: 'POST', headers: { 'x-api-key': 'wrong-key' }, body: { person: { firstName: 'A', lastName: 'B' }, idempotencyKey: 'k' } });
    expect(post.status).toBe(401);
    expect(simulator.control.submissions()).toEqual([]);
  });

  it('accepts the configured key', async () => {
    const response = await call(simulator, '/api/v1/persons/P-100001');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(personKeys);
    expect(response.body).toEqual(registrySeedPersons[0]!.person);
  });
});

describe('persons', () => {
  it('answers 404 for an unknown id', async () => {
    const response = await call(simulator, '/api/v1/persons/P-999999');
    expect(response.status).toBe(404);
    expect(response.body.error.code).toBe('NOT_FOUND');
  });

  it('walks every person exactly once across cursor pages, ordered by (updatedAt, id), deactivated ones included', async () => {
    const seen: RegistryPerson[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `&cursor=${cursor}` : '';
      const response = await call(simulator, `/api/v1/persons?changedSince=2000-01-01T00:00:00Z&limit=4${query}`);
      expect(response.status).toBe(200);
      expect(response.body.data.length).toBeLessThanOrEqual(4);
      seen.push(...response.body.data);
      cursor = response.body.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(Math.ceil(simulator.store.persons.size / 4));
    expect(seen.map((p) => p.id).sort()).toEqual([...simulator.store.persons.keys()].sort());
    const keys = seen.map((p) => `${p.updatedAt}|${p.id}`);
    expect(keys).toEqual([...keys].sort());
    const marco = seen.find((p) => p.firstName === 'Marco')!;
    expect(marco).toMatchObject({ active: false, deactivatedAt: '2025-10-01T18:00:00.000Z' });
  });

  it('returns only the persons changed since the given instant, and a later change moves a person to the end', async () => {
    clock = new Date('2026-02-02T08:00:00.000Z');
    simulator.control.updatePerson('P-100005', { officialEmail: 'amara@new.example' });
    clock = new Date('2026-02-02T09:00:00.000Z');
    simulator.control.updatePerson('P-100002', { lastName: 'Silva Santos' });
    simulator.control.updatePerson('P-100003', { active: false });

    const response = await call(simulator, '/api/v1/persons?changedSince=2026-02-02T08:00:00.000Z');
    expect(response.status).toBe(200);
    expect(response.body.data.map((p: RegistryPerson) => p.id)).toEqual(['P-100005', 'P-100002', 'P-100003']);
    expect(response.body.data[1]).toMatchObject({ lastName: 'Silva Santos', updatedAt: '2026-02-02T09:00:00.000Z', version: registrySeedPersons[1]!.person.version + 1 });
    expect(response.body.data[2]).toMatchObject({ active: false, deactivatedAt: '2026-02-02T09:00:00.000Z' });
    expect(response.body.nextCursor).toBeNull();

    const later = await call(simulator, '/api/v1/persons?changedSince=2026-02-02T08:30:00%2B00:00');
    expect(later.body.data.map((p: RegistryPerson) => p.id)).toEqual(['P-100002', 'P-100003']);
  });

  it('refuses a bad cursor, a bad instant and a bad limit with 400', async () => {
    expect((await call(simulator, '/api/v1/persons?cursor=bm9wZQ')).body.error.code).toBe('INVALID_CURSOR');
    for (const query of ['changedSince=yesterday', 'limit=0', 'limit=501']) {
      const response = await call(simulator, `/api/v1/persons?${query}`);
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
    }
  });

  it('looks persons up by national identifier and answers an array, empty when nobody matches', async () => {
    const lena = await call(simulator, '/api/v1/persons?nationalIdentifier=T22000129');
    expect(lena.status).toBe(200);
    expect(lena.body.data).toHaveLength(1);
    expect(lena.body.data[0]).toMatchObject({ id: 'P-100001', firstName: 'Lena', lastName: 'Hoffmann', birthDate: '2006-03-14' });
    const nobody = await call(simulator, '/api/v1/persons?nationalIdentifier=NOPE-1');
    expect(nobody.body).toEqual({ data: [] });
  });
});

describe('organizations and code lists', () => {
  it('serves an organization, its changes since an instant, and 404 for an unknown one', async () => {
    const globex = await call(simulator, '/api/v1/organizations/O-2001');
    expect(globex.status).toBe(200);
    expect(globex.body).toMatchObject({ id: 'O-2001', name: 'Globex Sports Club', region: 'DE-BE', sports: ['football', 'athletics'], active: true, version: 1 });
    expect((await call(simulator, '/api/v1/organizations/O-9')).status).toBe(404);

    simulator.control.updateOrganization('O-2002', { name: 'SV Umbrella 1907' });
    const changed = await call(simulator, '/api/v1/organizations?changedSince=2026-02-01T10:00:00Z');
    expect(changed.body).toEqual({ data: [expect.objectContaining({ id: 'O-2002', name: 'SV Umbrella 1907', version: 2 })], nextCursor: null });
    const all = await call(simulator, '/api/v1/organizations');
    expect(all.body.data.map((o: { id: string }) => o.id)).toEqual(['O-2001', 'O-2003', 'O-2002']);
  });

  it('serves the five code lists with code, label, active and updatedAt, and their changes since an instant', async () => {
    for (const name of ['sport', 'region', 'athlete_category', 'league', 'competition']) {
      const response = await call(simulator, `/api/v1/codelists/${name}`);
      expect(response.status).toBe(200);
      expect(response.body.name).toBe(name);
      expect(response.body.values.length).toBeGreaterThan(2);
      for (const value of response.body.values) expect(Object.keys(value).sort()).toEqual(['active', 'code', 'label', 'updatedAt']);
    }
    simulator.control.changeCodelist('sport', { code: 'rowing', label: 'Rowing' });
    simulator.control.changeCodelist('sport', { code: 'tennis', active: false });
    const changes = await call(simulator, '/api/v1/codelists/sport?changedSince=2026-02-01T00:00:00Z');
    expect(changes.body.values).toEqual([
      { code: 'rowing', label: 'Rowing', active: true, updatedAt: clock.toISOString() },
      { code: 'tennis', label: 'Tennis', active: false, updatedAt: clock.toISOString() },
    ]);
    expect((await call(simulator, '/api/v1/codelists/mentoring_session_topic')).status).toBe(404);
  });
});

describe('bulk export', () => {
  it('sends gzip-encoded NDJSON pages of one snapshot that decode to every person exactly once', async () => {
    const rows: RegistryPerson[] = [];
    let next: string | null = `${simulator.url}/api/v1/exports/persons?page=1&pageSize=7`;
    let snapshotId: string | undefined;
    let first = true;
    while (next) {
      const page = await getRaw(next, { 'x-api-key': apiKey, 'accept-encoding': 'gzip' });
      expect(page.status).toBe(200);
      expect(page.headers['content-encoding']).toBe('gzip');
      expect(page.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(page.headers['x-total-count']).toBe(String(registrySeedPersons.length));
      snapshotId ??= page.headers['x-snapshot-id'] as string;
      expect(page.headers['x-snapshot-id']).toBe(snapshotId);
      const lines = gunzipSync(page.body).toString('utf8').split('\n').filter(Boolean);
      rows.push(...lines.map((line) => JSON.parse(line) as RegistryPerson));
      if (first) {
        // Changes made while the backfill runs do not disturb the snapshot's pages.
        simulator.control.updatePerson('P-100020', { firstName: 'Changed' });
        first = false;
      }
      const link = page.headers.link as string | undefined;
      next = link ? /^<([^>]+)>; rel="next"$/.exec(link)![1]! : null;
    }
    expect(rows).toEqual([...registrySeedPersons.map((p) => p.person)].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(simulator.store.persons.get('P-100020')!.firstName).toBe('Changed');
  });

  it('is decoded transparently by fetch, and a later page needs its snapshot', async () => {
    const page = await fetch(`${simulator.url}/api/v1/exports/persons?pageSize=500`, { headers: { 'x-api-key': apiKey } });
    const text = await page.text();
    const rows = text.trim().split('\n').map((line) => JSON.parse(line) as RegistryPerson);
    expect(rows).toHaveLength(registrySeedPersons.length);
    expect(page.headers.get('link')).toBeNull();
    expect((await call(simulator, '/api/v1/exports/persons?page=2')).body.error.code).toBe('SNAPSHOT_REQUIRED');
    expect((await call(simulator, '/api/v1/exports/persons?page=2&snapshot=X-gone')).status).toBe(404);
  });
});
