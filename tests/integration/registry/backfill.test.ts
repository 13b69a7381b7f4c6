import { beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import type { RequestContext } from '@/lib/platform/core/context';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { runRegistryBackfills } from '@/lib/registry/jobs/registry-backfill';
import { requestBackfill } from '@/lib/registry/backfill/request-backfill';
import { createHttpRegistryAdapter } from '@/lib/registry/adapter/http-registry-adapter';
import type { RegistryAdapter, RegistryPerson } from '@/lib/registry/adapter/registry-adapter';
import { createTokenBucket } from '@/lib/registry/adapter/token-bucket';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { call, expectEnvelope } from '../../support/api';
import { createPerson, createTenant, ownerDb, type TestTenant, tokenFor } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { serverEncryption } from './registry-helpers';

// The server's own registry (global setup): what POST accept-registry fetches from is what the backfill read.
const registry = (): RegistryAdapter =>
  createHttpRegistryAdapter({ baseUrl: inject('registryUrl'), apiKey: inject('registryApiKey'), timeoutMs: 3_000, rateLimit: createTokenBucket({ ratePerSecond: 1000 }), maxRetries: 1, baseDelayMs: 5 });
const silent = { info: () => {}, warn: () => {}, error: () => {} };
const pageSize = 4;

/** The adapter of a runner that dies while fetching page `diesOn`. */
function dyingRegistry(diesOn: number): RegistryAdapter {
  const real = registry();
  return {
    ...real,
    exportPersons: async (query) => {
      if (query.page === diesOn) throw new Error('simulated crash of the runner');
      return real.exportPersons(query);
    },
  };
}

const backfill = (tenant: TestTenant, adapter: RegistryAdapter | null = registry()) =>
  runRegistryBackfills({ db: jobDb(), now: () => new Date(), registry: adapter, encryption: serverEncryption(), log: silent, pageSize, organisationIds: [tenant.id] });

let seeds: RegistryPerson[];

beforeAll(async () => {
  const all: RegistryPerson[] = [];
  let snapshotId: string | undefined;
  for (let page = 1; ; page++) {
    const result = await registry().exportPersons({ page, pageSize: 50, snapshotId });
    all.push(...result.records);
    snapshotId = result.snapshotId;
    if (page >= result.totalPages) break;
  }
  seeds = all.filter((person) => person.nationalIdentifier && person.active);
  expect(seeds.length).toBeGreaterThan(8);
});

type Arranged = { exact: string[]; differing: string; alone: string; exactRegistryIds: string[]; differingRegistry: RegistryPerson };

/** Two persons identical to registry persons far apart in the export, one with another last name, one unknown to the registry. */
async function arrange(tenant: TestTenant): Promise<Arranged> {
  const [first, last, differing] = [seeds[0]!, seeds.at(-1)!, seeds[Math.floor(seeds.length / 2)]!];
  const insert = async (person: Pick<RegistryPerson, 'firstName' | 'lastName' | 'birthDate' | 'nationality' | 'officialEmail'>, identifier: string) => {
    const encrypted = await withTenant(jobDb(), tenant.id, (tx) => encryptField(tx, { organisationId: tenant.id }, 'person.identifierNational', identifier, serverEncryption()));
    return createPerson(tenant.id, {
      first_name: person.firstName,
      last_name: person.lastName,
      birth_date: person.birthDate,
      nationality: person.nationality,
      official_email: person.officialEmail,
      identifier_national: encrypted,
      preferred_email: 'home@private.example',
      language: 'de',
    });
  };
  return {
    exact: [await insert(first, first.nationalIdentifier!), await insert(last, last.nationalIdentifier!)],
    exactRegistryIds: [first.id, last.id],
    differing: await insert({ ...differing, lastName: `${differing.lastName}-Local` }, differing.nationalIdentifier!),
    differingRegistry: differing,
    alone: await insert({ firstName: 'Lokal', lastName: 'Only', birthDate: '1990-01-01', nationality: 'DE', officialEmail: null }, 'ZZ-NOT-IN-REGISTRY-1'),
  };
}

async function mirrorState(tenant: TestTenant) {
  const persons = await ownerDb()`select id, registry_id, sync_status, registry_base, last_synced_at is not null as synced_at, last_name, updated_at
    from persons where organisation_id = ${tenant.id} order by id`;
  const mismatches = await ownerDb()`select id, person_id, registry_id, fields, registry_values, status, detected_at from registry_backfill_mismatches where organisation_id = ${tenant.id} order by id`;
  const [backfillRow] = await ownerDb()`select status, snapshot_id, last_page, total_pages, matched, mismatched, local_only, last_error from registry_backfills where organisation_id = ${tenant.id}`;
  return { persons, mismatches, backfill: backfillRow };
}

async function start(tenant: TestTenant) {
  const response = await call('POST', '/api/v1/registry/backfill', { tenant: tenant.slug, token: await tenant.admin.token() });
  expect(response.status).toBe(202);
  return response;
}

describe('the initial backfill', () => {
  let tenant: TestTenant;
  let arranged: Arranged;

  beforeAll(async () => {
    tenant = await createTenant();
    arranged = await arrange(tenant);
  });

  it('links identical persons, lists the one that differs with its field, leaves the unknown one local-only; twice gives the same', async () => {
    const started = await start(tenant);
    expect(started.body.phase).toBe('on');
    expect(started.body.registryHost).toBe(new URL(inject('registryUrl')).host);
    expect(started.body.backfill.status).toBe('requested');
    expect(JSON.stringify(started.body)).not.toContain(inject('registryApiKey'));

    expect(await backfill(tenant)).toEqual({ tenants: 1, completed: 1, failed: 0, phase0: 0 });
    const state = await mirrorState(tenant);
    for (const [index, personId] of arranged.exact.entries()) {
      const row = state.persons.find((p) => p.id === personId)!;
      expect(row).toMatchObject({ registry_id: arranged.exactRegistryIds[index], sync_status: 'synced', synced_at: true });
      expect(row.registry_base.identifierNational).toMatch(/^hmac-sha256:[0-9a-f]{64}$/);
    }
    const differing = state.persons.find((p) => p.id === arranged.differing)!;
    expect(differing).toMatchObject({ registry_id: null, sync_status: null, last_name: `${arranged.differingRegistry.lastName}-Local` });
    expect(state.persons.find((p) => p.id === arranged.alone)).toMatchObject({ registry_id: null, sync_status: null });
    expect(state.mismatches).toHaveLength(1);
    expect(state.mismatches[0]).toMatchObject({ person_id: arranged.differing, registry_id: arranged.differingRegistry.id, fields: ['lastName'], registry_values: { lastName: arranged.differingRegistry.lastName }, status: 'open' });
    expect(JSON.stringify(state.mismatches)).not.toContain(arranged.differingRegistry.nationalIdentifier);
    // The tenant's three users' persons have no national identifier: local-only too.
    expect(state.backfill).toMatchObject({ status: 'completed', matched: 2, mismatched: 1, local_only: 4, last_error: null });

    const status = await call('GET', '/api/v1/registry/backfill', { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(status.status).toBe(200);
    expect(status.body.backfill).toMatchObject({ status: 'completed', progress: { lastPage: state.backfill!.total_pages, totalPages: state.backfill!.total_pages } });
    expect(status.body.counts).toEqual({ matched: 2, mismatched: 1, localOnly: 4 });
    const listed = await call('GET', '/api/v1/registry/backfill/mismatches', { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(listed.status).toBe(200);
    expect(listed.body.data).toEqual([
      expect.objectContaining({ id: state.mismatches[0]!.id, personId: arranged.differing, fields: ['lastName'], localValues: { lastName: `${arranged.differingRegistry.lastName}-Local` }, registryValues: { lastName: arranged.differingRegistry.lastName } }),
    ]);
    const [{ n: linkedAudits }] = (await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id} and action = 'PERSON_LINKED_TO_REGISTRY'`) as unknown as [{ n: number }];
    expect(linkedAudits).toBe(2);

    // Again, from a fresh snapshot: the same rows, no second mismatch, no second link.
    await start(tenant);
    expect(await backfill(tenant)).toEqual({ tenants: 1, completed: 1, failed: 0, phase0: 0 });
    const again = await mirrorState(tenant);
    expect(again.persons).toEqual(state.persons);
    expect(again.mismatches).toEqual(state.mismatches);
    expect({ ...again.backfill, snapshot_id: null }).toEqual({ ...state.backfill, snapshot_id: null });
    const [{ n: linkedAfter }] = (await ownerDb()`select count(*)::int as n from audit_log where organisation_id = ${tenant.id} and action = 'PERSON_LINKED_TO_REGISTRY'`) as unknown as [{ n: number }];
    expect(linkedAfter).toBe(2);
  });

  it('resumes after a runner died midway and ends exactly where an uninterrupted run ends', async () => {
    const other = await createTenant();
    const otherArranged = await arrange(other);
    await start(other);
    const died = await backfill(other, dyingRegistry(2));
    expect(died).toEqual({ tenants: 1, completed: 0, failed: 1, phase0: 0 });
    const stopped = await mirrorState(other);
    expect(stopped.backfill).toMatchObject({ status: 'failed', last_page: 1 });
    expect(stopped.backfill!.last_error).toContain('simulated crash');
    // Page 1 holds the first seed person: already linked; the rest not yet.
    expect(stopped.persons.find((p) => p.id === otherArranged.exact[0])).toMatchObject({ registry_id: otherArranged.exactRegistryIds[0] });
    expect(stopped.persons.find((p) => p.id === otherArranged.exact[1])).toMatchObject({ registry_id: null });
    const status = await call('GET', '/api/v1/registry/backfill', { tenant: other.slug, token: await other.admin.token() });
    expect(status.body.backfill).toMatchObject({ status: 'failed', progress: { lastPage: 1, totalPages: stopped.backfill!.total_pages } });
    expect(status.body.backfill.lastError).toContain('simulated crash');

    // The nightly run resumes it in the same snapshot, from page 2.
    const resumed = await start(other);
    expect(resumed.body.backfill).toMatchObject({ status: 'requested', progress: { lastPage: 1 } });
    expect(await backfill(other)).toEqual({ tenants: 1, completed: 1, failed: 0, phase0: 0 });
    const done = await mirrorState(other);
    expect(done.backfill).toMatchObject({ status: 'completed', snapshot_id: stopped.backfill!.snapshot_id, last_page: stopped.backfill!.total_pages, matched: 2, mismatched: 1, local_only: 4 });
    const shape = (s: typeof done, a: Arranged) => ({
      linked: a.exact.map((id) => s.persons.find((p) => p.id === id)!.registry_id),
      mismatches: s.mismatches.map((m) => ({ person: m.person_id === a.differing, registry: m.registry_id, fields: m.fields, values: m.registry_values })),
      alone: s.persons.find((p) => p.id === a.alone)!.registry_id,
    });
    expect(shape(done, otherArranged)).toEqual(shape(await mirrorState(tenant), arranged));
  });

  it('accept-registry applies the registry values through the merge, audited; dismiss keeps the local ones', async () => {
    const [mismatch] = await ownerDb()`select id from registry_backfill_mismatches where organisation_id = ${tenant.id}`;
    const accepted = await call('POST', `/api/v1/registry/backfill/mismatches/${mismatch!.id}/accept-registry`, { tenant: tenant.slug, token: await tenant.admin.token() });
    expect(accepted.status).toBe(200);
    expect(accepted.body).toMatchObject({ outcome: 'updated', mismatch: { id: mismatch!.id, status: 'accepted' } });
    const [person] = await ownerDb()`select last_name, registry_id, sync_status, preferred_email, language from persons where id = ${arranged.differing}`;
    expect(person).toEqual({ last_name: arranged.differingRegistry.lastName, registry_id: arranged.differingRegistry.id, sync_status: 'synced', preferred_email: 'home@private.example', language: 'de' });
    const [audit] = await ownerDb()`select actor_type, changes, metadata from audit_log where organisation_id = ${tenant.id} and target_id = ${arranged.differing} and action = 'PERSON_SYNCED_FROM_REGISTRY'`;
    expect(audit).toMatchObject({ actor_type: 'USER', changes: { lastName: { before: `${arranged.differingRegistry.lastName}-Local`, after: arranged.differingRegistry.lastName } }, metadata: { via: 'backfill', mismatchId: mismatch!.id } });
    const [row] = await ownerDb()`select status, resolved_at is not null as resolved from registry_backfill_mismatches where id = ${mismatch!.id}`;
    expect(row).toEqual({ status: 'accepted', resolved: true });
    const [counts] = await ownerDb()`select matched, mismatched, local_only from registry_backfills where organisation_id = ${tenant.id}`;
    expect(counts).toEqual({ matched: 3, mismatched: 0, local_only: 4 });
    expectEnvelope(await call('POST', `/api/v1/registry/backfill/mismatches/${mismatch!.id}/accept-registry`, { tenant: tenant.slug, token: await tenant.admin.token() }), 409, 'REGISTRY_MISMATCH_RESOLVED');

    // Dismissing in the other tenant changes nothing on the person.
    const [otherMismatch] = await ownerDb()`select m.id, m.organisation_id, o.slug from registry_backfill_mismatches m join organisations o on o.id = m.organisation_id where m.organisation_id <> ${tenant.id} and m.status = 'open' and m.registry_id = ${arranged.differingRegistry.id} order by m.detected_at desc limit 1`;
    expectEnvelope(await call('POST', `/api/v1/registry/backfill/mismatches/${otherMismatch!.id}/dismiss`, { tenant: tenant.slug, token: await tenant.admin.token() }), 404, 'REGISTRY_MISMATCH_NOT_FOUND');
    const [otherAdmin] = await ownerDb()`select idp_subject from users where organisation_id = ${otherMismatch!.organisation_id} and role = 'ADMIN'`;
    const dismissed = await call('POST', `/api/v1/registry/backfill/mismatches/${otherMismatch!.id}/dismiss`, { tenant: otherMismatch!.slug, token: await tokenFor(otherAdmin!.idp_subject) });
    expect(dismissed.status).toBe(200);
    expect(dismissed.body).toMatchObject({ outcome: 'dismissed', mismatch: { status: 'dismissed' } });
    const [kept] = await ownerDb()`select p.last_name, p.registry_id from persons p join registry_backfill_mismatches m on m.person_id = p.id where m.id = ${otherMismatch!.id}`;
    expect(kept).toEqual({ last_name: `${arranged.differingRegistry.lastName}-Local`, registry_id: null });
    const [dismissAudit] = await ownerDb()`select metadata from audit_log where organisation_id = ${otherMismatch!.organisation_id} and action = 'REGISTRY_MISMATCH_DISMISSED'`;
    expect(dismissAudit!.metadata).toMatchObject({ mismatchId: otherMismatch!.id, fields: ['lastName'] });
  });

  it('is for admins only', async () => {
    for (const [method, path] of [
      ['GET', '/api/v1/registry/backfill'],
      ['POST', '/api/v1/registry/backfill'],
      ['GET', '/api/v1/registry/backfill/mismatches'],
    ] as const) {
      expectEnvelope(await call(method, path, { tenant: tenant.slug, token: await tenant.employee.token() }), 403, 'FORBIDDEN');
      expectEnvelope(await call(method, path, { tenant: tenant.slug, token: await tenant.manager.token() }), 403, 'FORBIDDEN');
    }
    expectEnvelope(await call('GET', '/api/v1/registry/backfill/mismatches?status=maybe', { tenant: tenant.slug, token: await tenant.admin.token() }), 400, 'VALIDATION_ERROR');
  });
});

describe('a person erased in part before the backfill (issue 23, item 7)', () => {
  it('is linked without a mismatch for the erased fields, which stay erased and leave no registry value in the base', async () => {
    const tenant = await createTenant();
    const remote = seeds[1]!;
    const erasedBirthDate = remote.birthDate ? `${remote.birthDate.slice(0, 4)}-01-01` : null;
    const encrypted = await withTenant(jobDb(), tenant.id, (tx) => encryptField(tx, { organisationId: tenant.id }, 'person.identifierNational', remote.nationalIdentifier!, serverEncryption()));
    // As a partial erasure of the birth date and the nationality leaves a person.
    const personId = await createPerson(tenant.id, {
      first_name: remote.firstName,
      last_name: remote.lastName,
      birth_date: erasedBirthDate,
      nationality: null,
      official_email: remote.officialEmail,
      identifier_national: encrypted,
    });
    await ownerDb()`update persons set erased_fields = '{birthDate,nationality}' where id = ${personId}`;
    await start(tenant);
    expect(await backfill(tenant)).toMatchObject({ completed: 1 });
    const [row] = await ownerDb()`select registry_id, sync_status, birth_date::text as birth_date, nationality, registry_base from persons where id = ${personId}`;
    expect(row).toMatchObject({ registry_id: remote.id, sync_status: 'synced', birth_date: erasedBirthDate, nationality: null });
    expect(row!.registry_base).toMatchObject({ birthDate: null, nationality: null, lastName: remote.lastName });
    expect(await ownerDb()`select 1 from registry_backfill_mismatches where organisation_id = ${tenant.id}`).toHaveLength(0);
  });
});

describe('phase 0 (no registry)', () => {
  it('the job does nothing and a request is refused with REGISTRY_SYNC_OFF', async () => {
    const tenant = await createTenant();
    await arrange(tenant);
    expect(await backfill(tenant, null)).toEqual({ tenants: 0, completed: 0, failed: 0, phase0: 1 });
    const error = await withTenant(jobDb(), tenant.id, (tx) => requestBackfill(tx, { organisationId: tenant.id } as RequestContext, false)).catch((e: unknown) => e);
    expect(error).toMatchObject({ kind: 'unavailable', code: 'REGISTRY_SYNC_OFF' });
    const [{ n }] = (await ownerDb()`select count(*)::int as n from persons where organisation_id = ${tenant.id} and registry_id is not null`) as unknown as [{ n: number }];
    expect(n).toBe(0);
    expect(await ownerDb()`select 1 from registry_backfills where organisation_id = ${tenant.id}`).toHaveLength(0);
  });
});
