import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createContext } from '@/lib/platform/core/context';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { runTenantUnit } from '@/lib/platform/jobs/job-deps';
import { submitPersonChangeProposals } from '@/lib/registry/jobs/submit-person-change-proposals';
import { applyRegistryPerson, type SyncSource } from '@/lib/registry/mirror/apply-registry-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createRegistrySimulator, type RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { call, expectEnvelope } from '../../support/api';
import { createPersonChangeRequest, createTenant, ownerDb, type TestTenant } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { adapterFor, mirrorPerson, personRow, serverEncryption, simulatorKey } from './registry-helpers';

// The registry sends no webhooks here: the deliveries table is the platform's and other files process it. The
// merge runs through applyRegistryPerson, what the webhook job and the reconcile run per tenant.
let registry: RegistrySimulator;
let a: TestTenant;
let b: TestTenant;

beforeAll(async () => {
  registry = await createRegistrySimulator({ port: 0, apiKeys: [simulatorKey] });
  [a, b] = await Promise.all([createTenant(), createTenant()]);
});

afterAll(async () => {
  await registry.close();
});

/**
 * A copy of a seeded registry person under an id of its own: other files' webhooks fan out to every tenant
 * mirroring a seeded id, so these tenants mirror ids no other file knows.
 */
function fresh(seedId: string) {
  const person = { ...structuredClone(registry.store.persons.get(seedId)!), id: `P-${900000 + Math.floor(Math.random() * 99999)}` };
  registry.store.persons.set(person.id, person);
  return structuredClone(person);
}

/** The registry changes a person; the tenant's mirror takes the registry's current record through the merge. */
async function registryChanges(tenant: TestTenant, personId: string, registryId: string, changes: Record<string, unknown>, source: SyncSource = { via: 'reconcile', runId: randomUUID() }) {
  registry.control.updatePerson(registryId, changes);
  const remote = (await adapterFor(registry).getPerson(registryId))!;
  return runTenantUnit(jobDb(), tenant.id, (tx, afterCommit) => {
    const { ctx } = createContext({ organisationId: tenant.id, now: new Date(), user: null });
    return applyRegistryPerson(tx, { ...ctx, afterCommit }, { personId, registryPerson: remote, source, encryption: serverEncryption() });
  });
}

const admin = async (tenant: TestTenant) => ({ tenant: tenant.slug, token: await tenant.admin.token() });

async function conflictRows(personId: string) {
  return ownerDb()`select field, base_value, local_value, registry_value, values_hidden, local_change, change_request_id, source, status, resolution, resolved_by, resolved_at
    from person_sync_conflicts where person_id = ${personId} order by field`;
}

describe('a conflict is recorded', () => {
  it('with the base, the local (open change request) and the registry value, and listed for the admin', async () => {
    const original = fresh('P-100011');
    const id = await mirrorPerson(a.id, original);
    const requestId = await createPersonChangeRequest(a.id, { person_id: id, fields: { lastName: { from: original.lastName, to: 'Locally-Proposed' }, nationality: { from: original.nationality, to: 'BE' } } });
    expect(await registryChanges(a, id, original.id, { lastName: 'Registry-Decided' }, { via: 'webhook', deliveryId: randomUUID(), event: 'person.updated', secretIndex: 0 })).toBe('conflict');

    expect(await conflictRows(id)).toEqual([
      {
        field: 'lastName',
        base_value: original.lastName,
        local_value: 'Locally-Proposed',
        registry_value: 'Registry-Decided',
        values_hidden: false,
        local_change: 'proposal',
        change_request_id: requestId,
        source: 'webhook',
        status: 'open',
        resolution: null,
        resolved_by: null,
        resolved_at: null,
      },
    ]);
    const list = await call('GET', '/api/v1/registry/conflicts', await admin(a));
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      expect.objectContaining({ personId: id, personName: `${original.firstName} Registry-Decided`, registryId: original.id, field: 'lastName', baseValue: original.lastName, localValue: 'Locally-Proposed', registryValue: 'Registry-Decided', status: 'open', source: 'webhook' }),
    ]);
    expect(list.body.pagination).toMatchObject({ total: 1, hasMore: false });
  });

  it('a local edit of the national identifier is recorded as changed, never with a value', async () => {
    const original = fresh('P-100012');
    const id = await mirrorPerson(a.id, original);
    const localEdit = await withTenant(jobDb(), a.id, (tx) => encryptField(tx, { organisationId: a.id }, 'person.identifierNational', 'LOCAL-EDIT-777', serverEncryption()));
    await ownerDb()`update persons set identifier_national = ${localEdit} where id = ${id}`;
    expect(await registryChanges(a, id, original.id, { nationalIdentifier: 'REGISTRY-NEW-888' })).toBe('conflict');

    const rows = await conflictRows(id);
    expect(rows).toMatchObject([{ field: 'identifierNational', base_value: null, local_value: null, registry_value: null, values_hidden: true, local_change: 'edited', source: 'reconcile' }]);
    const [raw] = await ownerDb()`select row_to_json(c)::text as json from person_sync_conflicts c where person_id = ${id}`;
    expect(raw!.json).not.toMatch(/LOCAL-EDIT|REGISTRY-NEW|hmac/);
  });
});

describe('resolving with the registry value', () => {
  it('closes the conflict and the change request, puts the person back to synced, and audits it', async () => {
    const original = fresh('P-100013');
    const id = await mirrorPerson(b.id, original);
    const requestId = await createPersonChangeRequest(b.id, { person_id: id, fields: { firstName: { from: original.firstName, to: 'Mine' } } });
    await registryChanges(b, id, original.id, { firstName: 'Theirs' });
    expect((await personRow(id)).sync_status).toBe('conflict');
    const [{ id: conflictId }] = (await ownerDb()`select id from person_sync_conflicts where person_id = ${id}`) as unknown as [{ id: string }];

    const one = await call('GET', `/api/v1/registry/conflicts/${conflictId}`, await admin(b));
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({ id: conflictId, baseValue: original.firstName, localValue: 'Mine', registryValue: 'Theirs' });

    const resolved = await call('POST', `/api/v1/registry/conflicts/${conflictId}/resolve`, { ...(await admin(b)), json: { resolution: 'registry_value' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ syncStatus: 'synced', changeRequests: [{ id: requestId, closed: true }], conflict: { status: 'resolved', resolution: 'registry_value', resolvedBy: b.admin.id } });

    expect(await conflictRows(id)).toMatchObject([{ status: 'resolved', resolution: 'registry_value', resolved_by: b.admin.id, resolved_at: expect.any(Date) }]);
    expect(await personRow(id)).toMatchObject({ sync_status: 'synced', first_name: 'Theirs' });
    const [request] = await ownerDb()`select status, decided_at from person_change_requests where id = ${requestId}`;
    expect(request).toMatchObject({ status: 'rejected', decided_at: expect.any(Date) });
    const [entry] = await ownerDb()`select actor_user_id, target_id, changes, metadata from audit_log where organisation_id = ${b.id} and action = 'REGISTRY_CONFLICT_RESOLVED'`;
    expect(entry).toMatchObject({
      actor_user_id: b.admin.id,
      target_id: id,
      changes: { syncStatus: { before: 'conflict', after: 'synced' } },
      metadata: { conflictId, registryId: original.id, fields: ['firstName'], resolution: 'registry_value', changeRequests: [{ id: requestId, closed: true }], reason: expect.stringContaining('sync conflict') },
    });

    const again = await call('POST', `/api/v1/registry/conflicts/${conflictId}/resolve`, { ...(await admin(b)), json: { resolution: 'registry_value' } });
    expectEnvelope(again, 409, 'REGISTRY_CONFLICT_RESOLVED');
  });

  it('keeps the person in conflict while another field is open, and withdraws only that field from a wider request', async () => {
    const original = fresh('P-100014');
    const id = await mirrorPerson(b.id, original);
    const requestId = await createPersonChangeRequest(b.id, {
      person_id: id,
      fields: { firstName: { from: original.firstName, to: 'Mine' }, lastName: { from: original.lastName, to: 'Mine-Too' }, birthDate: { from: original.birthDate, to: '1999-09-09' } },
    });
    await registryChanges(b, id, original.id, { firstName: 'Theirs', lastName: 'Theirs-Too' });
    const conflicts = await call('GET', '/api/v1/registry/conflicts?limit=100', await admin(b));
    const first = conflicts.body.data.find((c: { personId: string; field: string }) => c.personId === id && c.field === 'firstName');

    const resolved = await call('POST', `/api/v1/registry/conflicts/${first.id}/resolve`, { ...(await admin(b)), json: { resolution: 'registry_value' } });
    expect(resolved.body).toMatchObject({ syncStatus: 'conflict', changeRequests: [{ id: requestId, closed: false }] });
    expect((await personRow(id)).sync_status).toBe('conflict');
    const [request] = await ownerDb()`select status, fields from person_change_requests where id = ${requestId}`;
    expect(request!.status).toBe('pending');
    expect(Object.keys(request!.fields).sort()).toEqual(['birthDate', 'lastName']);
  });

  it('refuses other roles, another tenant’s conflict and bad input', async () => {
    const remote = fresh('P-100015');
    const id = await mirrorPerson(a.id, remote);
    await createPersonChangeRequest(a.id, { person_id: id, fields: { lastName: { from: 'x', to: 'Mine' } } });
    await registryChanges(a, id, remote.id, { lastName: 'Theirs' });
    const [{ id: conflictId }] = (await ownerDb()`select id from person_sync_conflicts where person_id = ${id}`) as unknown as [{ id: string }];
    const body = { resolution: 'registry_value' };

    for (const user of [a.manager, a.employee]) {
      const options = { tenant: a.slug, token: await user.token() };
      expectEnvelope(await call('GET', '/api/v1/registry/conflicts', options), 403, 'FORBIDDEN');
      expectEnvelope(await call('POST', `/api/v1/registry/conflicts/${conflictId}/resolve`, { ...options, json: body }), 403, 'FORBIDDEN');
      expectEnvelope(await call('GET', '/api/v1/registry/persons', options), 403, 'FORBIDDEN');
      expectEnvelope(await call('GET', '/api/v1/registry/webhook-deliveries', options), 403, 'FORBIDDEN');
      expectEnvelope(await call('GET', '/api/v1/registry/sync-state', options), 403, 'FORBIDDEN');
    }
    expectEnvelope(await call('GET', `/api/v1/registry/conflicts/${conflictId}`, await admin(b)), 404, 'REGISTRY_CONFLICT_NOT_FOUND');
    expectEnvelope(await call('POST', `/api/v1/registry/conflicts/${conflictId}/resolve`, { ...(await admin(b)), json: body }), 404, 'REGISTRY_CONFLICT_NOT_FOUND');
    expect((await call('GET', '/api/v1/registry/conflicts', await admin(b))).body.data.map((c: { id: string }) => c.id)).not.toContain(conflictId);
    expectEnvelope(await call('POST', `/api/v1/registry/conflicts/${conflictId}/resolve`, { ...(await admin(a)), json: { resolution: 'repropose' } }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await call('GET', '/api/v1/registry/conflicts?status=closed', await admin(a)), 400, 'VALIDATION_ERROR');
    expect((await conflictRows(id))[0]).toMatchObject({ status: 'open' });
  });
});

describe('resolving by proposing the local value again', () => {
  it('closes the conflict, replaces the old proposal with one against the new base, and the registry takes it', async () => {
    const original = fresh('P-100016');
    const id = await mirrorPerson(b.id, original);
    const requestId = await createPersonChangeRequest(b.id, { person_id: id, fields: { lastName: { from: original.lastName, to: 'Ours-Again' } } });
    await registryChanges(b, id, original.id, { lastName: 'Registry-Newer' });
    const [{ id: conflictId }] = (await ownerDb()`select id from person_sync_conflicts where person_id = ${id}`) as unknown as [{ id: string }];

    const resolved = await call('POST', `/api/v1/registry/conflicts/${conflictId}/resolve`, { ...(await admin(b)), json: { resolution: 'local_value_reproposed' } });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({
      syncStatus: 'synced',
      changeRequests: [{ id: requestId, closed: true }],
      conflict: { status: 'resolved', resolution: 'local_value_reproposed', resolvedBy: b.admin.id },
      proposalId: expect.any(String),
    });
    const proposalId = resolved.body.proposalId as string;
    const [old] = await ownerDb()`select status, rejection_reason from person_change_requests where id = ${requestId}`;
    expect(old).toMatchObject({ status: 'rejected', rejection_reason: expect.stringContaining('proposed to the sports registry again') });
    const [proposal] = await ownerDb()`select status, kind, fields, approved_via, decided_by_user_id, registry_person_id from person_change_requests where id = ${proposalId}`;
    expect(proposal).toEqual({
      status: 'approved_locally',
      kind: 'update',
      fields: { lastName: { from: 'Registry-Newer', to: 'Ours-Again' } },
      approved_via: 'admin',
      decided_by_user_id: b.admin.id,
      registry_person_id: original.id,
    });
    expect(await personRow(id)).toMatchObject({ sync_status: 'synced', last_name: 'Registry-Newer' });
    const [entry] = await ownerDb()`select metadata from audit_log where organisation_id = ${b.id} and action = 'REGISTRY_CONFLICT_RESOLVED' and target_id = ${id}`;
    expect(entry!.metadata).toMatchObject({ resolution: 'local_value_reproposed', proposalId, fields: ['lastName'] });

    // The proposal job sends it against the new base; the registry accepts, and the poll brings the value home.
    const job = (now: () => Date) => submitPersonChangeProposals({ db: jobDb(), now, registry: adapterFor(registry), encryption: serverEncryption(), log: { info: () => {}, warn: () => {}, error: () => {} } });
    await job(() => new Date());
    expect((await ownerDb()`select status from person_change_requests where id = ${proposalId}`)[0]!.status).toBe('submitted');
    await registry.control.settle();
    await job(() => new Date(Date.now() + 2 * 60 * 60_000));
    expect((await ownerDb()`select status from person_change_requests where id = ${proposalId}`)[0]!.status).toBe('accepted');
    expect(registry.store.persons.get(original.id)!.lastName).toBe('Ours-Again');
    expect(await personRow(id)).toMatchObject({ last_name: 'Ours-Again', sync_status: 'synced' });
  });

  it('is refused for the national identifier, whose local value is never kept', async () => {
    const original = fresh('P-100017');
    const id = await mirrorPerson(a.id, original);
    const localEdit = await withTenant(jobDb(), a.id, (tx) => encryptField(tx, { organisationId: a.id }, 'person.identifierNational', 'LOCAL-ONLY-ID', serverEncryption()));
    await ownerDb()`update persons set identifier_national = ${localEdit} where id = ${id}`;
    expect(await registryChanges(a, id, original.id, { nationalIdentifier: 'REGISTRY-ID-2' })).toBe('conflict');
    const [conflict] = await ownerDb()`select id from person_sync_conflicts where person_id = ${id} and field = 'identifierNational'`;
    expectEnvelope(await call('POST', `/api/v1/registry/conflicts/${conflict!.id}/resolve`, { ...(await admin(a)), json: { resolution: 'local_value_reproposed' } }), 422, 'CONFLICT_VALUE_HIDDEN');
    expect((await conflictRows(id))[0]).toMatchObject({ status: 'open' });
  });
});

describe('sync status per person', () => {
  it('filters by syncStatus, local-only included, and pages', async () => {
    const tenant = await createTenant();
    const synced = await mirrorPerson(tenant.id, fresh('P-100016'));
    const conflicted = fresh('P-100017');
    const inConflict = await mirrorPerson(tenant.id, conflicted, { sync_status: 'conflict' });
    const [local] = (await ownerDb()`select id from persons where organisation_id = ${tenant.id} and registry_id is null order by last_name, first_name, id limit 1`) as unknown as [{ id: string }];
    const options = await admin(tenant);

    const conflict = await call('GET', '/api/v1/registry/persons?syncStatus=conflict', options);
    expect(conflict.status).toBe(200);
    expect(conflict.body.data).toEqual([expect.objectContaining({ personId: inConflict, registryId: conflicted.id, syncStatus: 'conflict', lastSyncedAt: '2026-01-01T00:00:00.000Z', openConflicts: 0 })]);
    expect((await call('GET', '/api/v1/registry/persons?syncStatus=synced', options)).body.data.map((p: { personId: string }) => p.personId)).toEqual([synced]);
    const localOnly = await call('GET', '/api/v1/registry/persons?syncStatus=local-only', options);
    expect(localOnly.body.data.every((p: { syncStatus: string; registryId: string | null }) => p.syncStatus === 'local-only' && p.registryId === null)).toBe(true);
    expect(localOnly.body.data.map((p: { personId: string }) => p.personId)).toContain(local.id);

    const firstPage = await call('GET', '/api/v1/registry/persons?limit=1', options);
    expect(firstPage.body.pagination).toMatchObject({ limit: 1, hasMore: true, total: localOnly.body.pagination.total + 2 });
    const second = await call('GET', `/api/v1/registry/persons?limit=1&cursor=${firstPage.body.pagination.nextCursor}`, options);
    expect(second.body.data[0].personId).not.toBe(firstPage.body.data[0].personId);
    expectEnvelope(await call('GET', '/api/v1/registry/persons?syncStatus=unknown', options), 400, 'VALIDATION_ERROR');
  });
});

describe('webhook deliveries and reconcile state', () => {
  it('lists only deliveries about this tenant’s persons or organisation, with this tenant’s outcome', async () => {
    const tenant = await createTenant();
    const other = await createTenant();
    const mineRemote = fresh('P-100018');
    const otherRemote = fresh('P-100019');
    const mine = await mirrorPerson(tenant.id, mineRemote);
    await mirrorPerson(other.id, otherRemote);
    const orgRegistryId = `O-T-${randomUUID().slice(0, 8)}`;
    // The nightly organisation sync of other files visits every linked tenant: give it a window, unlink at the end.
    await ownerDb()`insert into registry_sync_state (organisation_id, entity, changed_since) values (${tenant.id}, 'organization', now())`;
    await ownerDb()`update organisations set registry_id = ${orgRegistryId} where id = ${tenant.id}`;
    onTestFinished(async () => {
      await ownerDb()`update organisations set registry_id = null where id = ${tenant.id}`;
    });
    const insert = async (values: { registry_person_id?: string; subject_id?: string; event: string; status?: string }) => {
      const [row] = await ownerDb()`insert into registry_webhook_deliveries (delivery_key, event, registry_person_id, subject_id, status, outcome, attempts, processed_at)
        values (${randomUUID()}, ${values.event}, ${values.registry_person_id ?? null}, ${values.subject_id ?? null}, ${values.status ?? 'processed'}, '2 tenant(s): 1 updated, 1 conflict, 0 unchanged', 1, now()) returning id`;
      return row!.id as string;
    };
    const aboutMine = await insert({ event: 'person.updated', registry_person_id: mineRemote.id });
    const unchanged = await insert({ event: 'person.updated', registry_person_id: mineRemote.id });
    const aboutOrg = await insert({ event: 'organization.updated', subject_id: orgRegistryId });
    const aboutOther = await insert({ event: 'person.updated', registry_person_id: otherRemote.id });
    const otherOrg = await insert({ event: 'organization.updated', subject_id: 'O-2999' });
    await registryChanges(tenant, mine, mineRemote.id, { officialEmail: 'new@registry.example' }, { via: 'webhook', deliveryId: aboutMine, event: 'person.updated', secretIndex: 0 });

    const list = await call('GET', '/api/v1/registry/webhook-deliveries', await admin(tenant));
    expect(list.status).toBe(200);
    const ids = list.body.data.map((d: { id: string }) => d.id);
    expect(ids.sort()).toEqual([aboutMine, unchanged, aboutOrg].sort());
    expect(ids).not.toContain(aboutOther);
    expect(ids).not.toContain(otherOrg);
    const byId = Object.fromEntries(list.body.data.map((d: { id: string }) => [d.id, d]));
    expect(byId[aboutMine]).toMatchObject({ event: 'person.updated', personId: mine, status: 'processed', outcome: 'updated' });
    expect(byId[unchanged]).toMatchObject({ outcome: 'unchanged' });
    expect(byId[aboutOrg]).toMatchObject({ subjectId: orgRegistryId, personId: null });
    expect(JSON.stringify(list.body)).not.toContain('tenant(s)');
    expect(list.body.pagination.total).toBe(3);

    const paged = await call('GET', '/api/v1/registry/webhook-deliveries?limit=2', await admin(tenant));
    const rest = await call('GET', `/api/v1/registry/webhook-deliveries?limit=2&cursor=${paged.body.pagination.nextCursor}`, await admin(tenant));
    expect([...paged.body.data, ...rest.body.data].map((d: { id: string }) => d.id).sort()).toEqual([aboutMine, unchanged, aboutOrg].sort());

    const theirs = await call('GET', '/api/v1/registry/webhook-deliveries', await admin(other));
    expect(theirs.body.data.map((d: { id: string }) => d.id)).toEqual([aboutOther]);
  });

  it('shows the reconcile state per entity', async () => {
    const tenant = await createTenant();
    const empty = await call('GET', '/api/v1/registry/sync-state', await admin(tenant));
    expect(empty.body).toEqual({ data: [
      { entity: 'person', changedSince: null, lastRunAt: null, lastSuccessAt: null, lastError: null },
      { entity: 'organization', changedSince: null, lastRunAt: null, lastSuccessAt: null, lastError: null },
    ] });
    await ownerDb()`insert into registry_sync_state (organisation_id, entity, changed_since, last_run_at, last_success_at, last_error)
      values (${tenant.id}, 'person', '2026-03-01T00:00:00Z', '2026-03-02T02:00:00Z', '2026-03-01T02:00:00Z', 'RegistryUnavailableError: answered 503')`;
    const state = await call('GET', '/api/v1/registry/sync-state', await admin(tenant));
    expect(state.body.data[0]).toEqual({ entity: 'person', changedSince: '2026-03-01T00:00:00.000Z', lastRunAt: '2026-03-02T02:00:00.000Z', lastSuccessAt: '2026-03-01T02:00:00.000Z', lastError: 'RegistryUnavailableError: answered 503' });
    expect((await call('GET', '/api/v1/registry/sync-state', await admin(a))).body.data[0].lastError).toBeNull();
  });
});
