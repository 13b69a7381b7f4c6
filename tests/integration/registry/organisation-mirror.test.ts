import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../support/factories';
import { control, postRegistryEvent, processDelivery, requestsSince, runOrganisationSync } from './global-registry';

// O-2002 and O-2003 of the registry's seed; O-2001 (Globex) is left to the demo and the person tests.
let a: TestTenant;
let b: TestTenant;
let c: TestTenant;

const internal = { branding: { primaryColor: '#0f766e', loginTagline: 'Our club, our kit' }, customDomain: null as string | null };

async function orgRow(id: string) {
  const [row] = await ownerDb()`select name, branding, custom_domain, registry_id, registry_official, registry_synced_at from organisations where id = ${id}`;
  return row!;
}

const patch = async (tenant: TestTenant, json: unknown, token?: string) => call('PATCH', '/api/v1/organisation', { tenant: tenant.slug, token: token ?? (await tenant.admin.token()), json });

beforeAll(async () => {
  [a, b, c] = await Promise.all([createTenant(), createTenant(), createTenant()]);
  internal.customDomain = `kit-${a.slug}.example.org`;
  await ownerDb()`update organisations set name = 'Umbrella Kit Room', branding = ${ownerDb().json(internal.branding)}, custom_domain = ${internal.customDomain} where id = ${a.id}`;
});

describe('linking an organisation to the registry', () => {
  it('an admin sets the registry id; it is checked with the registry and the official data mirrored at once', async () => {
    const response = await patch(a, { registryId: 'O-2002' });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      name: 'Umbrella Kit Room',
      registryId: 'O-2002',
      registryOfficial: { name: 'SV Umbrella', registrationNumber: 'VR 27710 B', region: 'DE-BE', sports: ['football'], officialEmail: 'info@sv-umbrella.example', active: true },
      registrySyncedAt: expect.any(String),
    });
    const row = await orgRow(a.id);
    expect(row).toMatchObject({ name: 'Umbrella Kit Room', registry_id: 'O-2002', registry_official: { name: 'SV Umbrella' }, custom_domain: internal.customDomain, branding: internal.branding });
    const [audit] = await ownerDb()`select action, changes from audit_log where organisation_id = ${a.id} and action = 'ORGANISATION_UPDATED'`;
    expect(audit).toMatchObject({ changes: { registryId: { before: null, after: 'O-2002' } } });

    const read = await call('GET', '/api/v1/organisation', { tenant: a.slug, token: await a.admin.token() });
    expect(read.body).toMatchObject({ registryId: 'O-2002', registryOfficial: { name: 'SV Umbrella' } });
  });

  it('refuses unknown ids, ids linked elsewhere, bad input and non-admins, changing nothing', async () => {
    const mark = new Date().toISOString();
    expectEnvelope(await patch(b, { registryId: 'O-9999' }), 422, 'REGISTRY_ORGANISATION_NOT_FOUND');
    expect((await requestsSince(mark)).map((r) => `${r.method} ${r.path} ${r.status}`)).toContain('GET /api/v1/organizations/O-9999 404');
    expectEnvelope(await patch(b, { registryId: 'O-2002' }), 409, 'REGISTRY_ID_TAKEN');
    expectEnvelope(await patch(b, { registryId: '' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch(b, { registryId: 42 }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await patch(b, { registryId: 'O-2003' }, await b.employee.token()), 403, 'FORBIDDEN');
    expect(await orgRow(b.id)).toMatchObject({ registry_id: null, registry_official: null, registry_synced_at: null });
    const audits = await ownerDb()`select action from audit_log where organisation_id = ${b.id} and action like 'ORGANISATION_%'`;
    expect(audits).toEqual([]);
  });

  it('null unlinks and forgets the official data', async () => {
    expect((await patch(c, { registryId: 'O-2003' })).status).toBe(200);
    const unlinked = await patch(c, { registryId: null });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body).toMatchObject({ registryId: null, registryOfficial: null });
    expect(await orgRow(c.id)).toMatchObject({ registry_id: null, registry_official: null });
  });
});

describe('the organisation mirror', () => {
  it('an organization.updated webhook updates the official data at once; name, branding and custom domain stay', async () => {
    await control('PATCH', '/organizations/O-2002', { changes: { name: 'SV Umbrella 1920 e.V.', officialEmail: 'office@sv-umbrella.example' } });
    const delivery = await postRegistryEvent({ event: 'organization.updated', organizationId: 'O-2002', changedFields: ['name', 'officialEmail'] });
    expect(await processDelivery(delivery.id)).toMatchObject({ status: 'processed', outcome: 'organisation updated' });

    const row = await orgRow(a.id);
    expect(row).toMatchObject({
      name: 'Umbrella Kit Room',
      branding: internal.branding,
      custom_domain: internal.customDomain,
      registry_official: { name: 'SV Umbrella 1920 e.V.', officialEmail: 'office@sv-umbrella.example', registrationNumber: 'VR 27710 B' },
    });
    const [audit] = await ownerDb()`select actor_type, changes, metadata from audit_log where organisation_id = ${a.id} and action = 'ORGANISATION_SYNCED_FROM_REGISTRY'`;
    expect(audit).toMatchObject({
      actor_type: 'SYSTEM',
      changes: { name: { before: 'SV Umbrella', after: 'SV Umbrella 1920 e.V.' }, officialEmail: { before: 'info@sv-umbrella.example', after: 'office@sv-umbrella.example' } },
      metadata: { registryId: 'O-2002', via: 'webhook', fields: ['name', 'officialEmail'] },
    });
  });

  it('an event for an organisation no tenant is linked to is ignored', async () => {
    const delivery = await postRegistryEvent({ event: 'organization.updated', organizationId: 'O-2003', changedFields: ['name'] });
    expect(await processDelivery(delivery.id)).toMatchObject({ status: 'ignored', outcome: 'no tenant is linked to this organisation' });
  });

  it('the nightly sync catches what no webhook brought, per tenant changedSince, and keeps internal data', async () => {
    expect((await patch(b, { registryId: 'O-2003' })).status).toBe(200);
    await ownerDb()`update organisations set branding = ${ownerDb().json({ accentColor: '#b45309' })} where id = ${b.id}`;
    await runOrganisationSync();
    const [stateAfterFirst] = await ownerDb()`select changed_since, last_success_at, last_error from registry_sync_state where organisation_id = ${b.id} and entity = 'organization'`;
    expect(stateAfterFirst).toMatchObject({ last_success_at: expect.any(Date), last_error: null });

    // Lost webhooks: the registry changes both organisations and tells nobody.
    await control('PATCH', '/organizations/O-2003', { changes: { region: 'DE-BB', sports: ['handball'] } });
    await control('PATCH', '/organizations/O-2002', { changes: { registrationNumber: 'VR 27710 B-NEU' } });
    const mark = new Date().toISOString();
    const result = await runOrganisationSync();
    expect(result.updated).toBeGreaterThanOrEqual(2);
    // One incremental listing (pages), not a call per organisation.
    const listing = (await requestsSince(mark)).filter((r) => r.path.startsWith('/api/v1/organizations?'));
    expect(listing.length).toBeGreaterThan(0);
    for (const r of listing) expect(r.path).toMatch(/^\/api\/v1\/organizations\?changedSince=/);
    expect((await requestsSince(mark)).filter((r) => /^\/api\/v1\/organizations\/O-200[23]/.test(r.path))).toEqual([]);

    expect(await orgRow(b.id)).toMatchObject({ branding: { accentColor: '#b45309' }, registry_official: { name: 'TSV Initech', region: 'DE-BB', sports: ['handball'] } });
    expect(await orgRow(a.id)).toMatchObject({ name: 'Umbrella Kit Room', branding: internal.branding, custom_domain: internal.customDomain, registry_official: { registrationNumber: 'VR 27710 B-NEU' } });
    const [audit] = await ownerDb()`select changes, metadata from audit_log where organisation_id = ${b.id} and action = 'ORGANISATION_SYNCED_FROM_REGISTRY'`;
    expect(audit).toMatchObject({ changes: { region: { before: 'DE-BY', after: 'DE-BB' }, sports: { before: ['handball', 'volleyball'], after: ['handball'] } }, metadata: { via: 'reconcile' } });
    const [state] = await ownerDb()`select changed_since from registry_sync_state where organisation_id = ${b.id} and entity = 'organization'`;
    expect(state!.changed_since.getTime()).toBeGreaterThan(stateAfterFirst!.changed_since?.getTime() ?? 0);

    // Again: nothing new, no further audit entry.
    await runOrganisationSync();
    const audits = await ownerDb()`select id from audit_log where organisation_id = ${b.id} and action = 'ORGANISATION_SYNCED_FROM_REGISTRY'`;
    expect(audits).toHaveLength(1);
  });
});
