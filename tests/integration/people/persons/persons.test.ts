import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let coach: TestUser;
const tokens = { admin: '', coach: '', employee: '', otherAdmin: '' };
let athleteId: string;
let employeePersonId: string;
let foreignPersonId: string;

const personOf = async (userId: string) => (await ownerDb()`select person_id from users where id = ${userId}`)[0]!.person_id as string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  coach = await createUser(tenant.id, 'EMPLOYEE');
  await ownerDb()`update users set duties = '{COACH}' where id = ${coach.id}`;
  [tokens.admin, tokens.coach, tokens.employee, tokens.otherAdmin] = await Promise.all([tenant.admin.token(), coach.token(), tenant.employee.token(), other.admin.token()]);
  athleteId = await createPerson(tenant.id, { first_name: 'Zoë', last_name: 'Directory-Athlete', identifier_national: null });
  foreignPersonId = await createPerson(other.id, { first_name: 'Foreign', last_name: 'Directory-Athlete', identifier_national: null });
  employeePersonId = await personOf(tenant.employee.id);
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const sensitiveReads = (personId: string) =>
  ownerDb()`select actor_user_id, target_type, metadata, changes from audit_log where target_id = ${personId} and action = 'SENSITIVE_RECORD_VIEWED' order by id`;
const storedIdentifier = async (personId: string) => (await ownerDb()`select identifier_national from persons where id = ${personId}`)[0]!.identifier_national as Buffer | null;

describe('GET /api/v1/persons', () => {
  it('is for ADMIN and every duty holder: an EMPLOYEE without a duty gets 403', async () => {
    const res = await api('GET', '/api/v1/persons', tokens.employee);
    expectEnvelope(res, 403, 'FORBIDDEN');
    expect(res.body.error.details).toEqual({ requiredRole: 'ADMIN', orDuty: 'any' });
    expectEnvelope(await api('GET', '/api/v1/persons', await tenant.manager.token()), 403, 'FORBIDDEN');
  });

  it('lets a treasurer find the person a first donation is about, without the national identifier', async () => {
    const treasurer = await createUser(tenant.id, 'EMPLOYEE');
    await ownerDb()`update users set duties = '{FINANCE}' where id = ${treasurer.id}`;
    const token = await treasurer.token();
    const res = await api('GET', '/api/v1/persons?q=directory-ath', token);
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([athleteId]);
    const detail = await api('GET', `/api/v1/persons/${athleteId}`, token);
    expect(detail.status).toBe(200);
    expect(detail.body).not.toHaveProperty('identifierNational');
  });

  it('lists the tenant’s persons for a coach, without the national identifier, searchable by name and paged', async () => {
    const res = await api('GET', '/api/v1/persons?q=directory-ath', tokens.coach);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: athleteId, firstName: 'Zoë', lastName: 'Directory-Athlete', primaryRole: 'athlete', nationality: 'DE', language: 'de' });
    expect(res.body.data[0]).not.toHaveProperty('identifierNational');

    const [all] = await ownerDb()`select count(*)::int as n from persons where organisation_id = ${tenant.id}`;
    const first = await api('GET', '/api/v1/persons?limit=2', tokens.admin);
    expect(first.body.pagination).toMatchObject({ limit: 2, total: all!.n, hasMore: true });
    const second = await api('GET', `/api/v1/persons?limit=2&cursor=${encodeURIComponent(first.body.pagination.nextCursor)}`, tokens.admin);
    expect(second.status).toBe(200);
    const seen = [...first.body.data, ...second.body.data].map((p: { id: string }) => p.id);
    expect(new Set(seen).size).toBe(seen.length);
    for (const person of [...first.body.data, ...second.body.data]) expect(person).not.toHaveProperty('identifierNational');
  });

  it('never lists another tenant’s persons', async () => {
    const res = await api('GET', '/api/v1/persons?q=directory-athlete&limit=100', tokens.admin);
    expect(res.body.data.map((p: { id: string }) => p.id)).toEqual([athleteId]);
  });

  it('rejects unknown filters with 400', async () => {
    expectEnvelope(await api('GET', '/api/v1/persons?primaryRole=king', tokens.admin), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('GET', '/api/v1/persons?organisationId=x', tokens.admin), 400, 'VALIDATION_ERROR');
  });
});

describe('PATCH /api/v1/persons/{id}', () => {
  it('lets an ADMIN set the national identifier: stored as FLE1 ciphertext, audited without its value', async () => {
    const res = await api('PATCH', `/api/v1/persons/${athleteId}`, tokens.admin, { identifierNational: 'T22000129', language: 'de-AT', nationality: 'AT' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: athleteId, language: 'de-AT', nationality: 'AT' });
    expect(res.body).not.toHaveProperty('identifierNational');

    const stored = await storedIdentifier(athleteId);
    expect(stored![0]).toBe(0x02);
    expect(stored!.toString('latin1')).not.toContain('T22000129');

    const audit = await ownerDb()`select actor_user_id, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${athleteId} and action = 'PERSON_UPDATED'`;
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_user_id: tenant.admin.id, metadata: { fields: ['nationality', 'language', 'identifierNational'], identifierNational: { changed: true } } });
    expect(audit[0]!.changes).toEqual({ nationality: { before: 'DE', after: 'AT' }, language: { before: 'de', after: 'de-AT' } });
    expect(audit[0]!.raw).not.toContain('T22000129');
  });

  it.each([
    ['a lower-case nationality', { nationality: 'de' }],
    ['an alpha-3 nationality', { nationality: 'DEU' }],
    ['a language that is not BCP 47', { language: 'english' }],
    ['a language with an underscore', { language: 'de_DE' }],
    ['preferences without channels', { preferences: { marketingOptOut: true } }],
    ['preferences with an unknown key', { preferences: { channels: { email: true, push: true, sms: false, inApp: true }, marketingOptOut: false, fax: true } }],
    ['a non-boolean processingRestricted', { processingRestricted: 'yes' }],
    ['an identity field', { firstName: 'Renamed' }],
    ['an empty body', {}],
  ])('rejects %s with 400 and changes nothing', async (_label, body) => {
    const [before] = await ownerDb()`select to_jsonb(p) - 'identifier_national' as row from persons p where id = ${athleteId}`;
    expectEnvelope(await api('PATCH', `/api/v1/persons/${athleteId}`, tokens.admin, body), 400, 'VALIDATION_ERROR');
    const [after] = await ownerDb()`select to_jsonb(p) - 'identifier_national' as row from persons p where id = ${athleteId}`;
    expect(after!.row).toEqual(before!.row);
  });

  it('stores valid preferences and processingRestricted', async () => {
    const preferences = { channels: { email: true, push: false, sms: false, inApp: true }, marketingOptOut: true, marketingOptOutAt: '2026-11-01T10:00:00.000Z' };
    const res = await api('PATCH', `/api/v1/persons/${athleteId}`, tokens.admin, { preferences, processingRestricted: true });
    expect(res.status).toBe(200);
    const [row] = await ownerDb()`select preferences, processing_restricted from persons where id = ${athleteId}`;
    expect(row).toEqual({ preferences, processing_restricted: true });
  });

  it('is ADMIN only, and another tenant’s person is 404', async () => {
    expectEnvelope(await api('PATCH', `/api/v1/persons/${athleteId}`, tokens.coach, { language: 'en' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `/api/v1/persons/${foreignPersonId}`, tokens.admin, { identifierNational: 'X1' }), 404, 'PERSON_NOT_FOUND');
    expect(await storedIdentifier(foreignPersonId)).toBeNull();
  });
});

describe('PATCH /api/v1/persons/{id} of a person mirrored from the registry (issue 23, item 6)', () => {
  const base = { firstName: 'Mira', lastName: 'Mirrored', birthDate: '2004-03-02', identifierNational: null, nationality: 'DE', officialEmail: null };
  const linkedPerson = () =>
    createPerson(tenant.id, {
      first_name: 'Mira',
      last_name: 'Mirrored',
      birth_date: '2004-03-02',
      nationality: 'DE',
      identifier_national: null,
      registry_id: `P-${randomUUID()}`,
      sync_status: 'synced',
      registry_base: base,
      last_synced_at: new Date('2026-01-01T00:00:00.000Z'),
    });
  const proposalsOf = (personId: string) =>
    ownerDb()`select id, kind, status, fields, requested_by_user_id, decided_by_user_id, approved_via, registry_person_id, fields::text as raw from person_change_requests where person_id = ${personId}`;

  it('proposes nationality and the national identifier to the registry instead of writing them; platform fields are written at once', async () => {
    const personId = await linkedPerson();
    const registryId = (await ownerDb()`select registry_id from persons where id = ${personId}`)[0]!.registry_id as string;
    const res = await api('PATCH', `/api/v1/persons/${personId}`, tokens.admin, { nationality: 'AT', identifierNational: 'AT-4711-X', language: 'en' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: personId, language: 'en', nationality: 'DE', externalRefs: { registryId, syncStatus: 'synced' } });
    expect(res.body.changeProposal).toEqual({ id: expect.any(String), status: 'approved_locally', fields: ['nationality', 'identifierNational'] });

    const [row] = await ownerDb()`select nationality, identifier_national, language, sync_status from persons where id = ${personId}`;
    expect(row).toEqual({ nationality: 'DE', identifier_national: null, language: 'en', sync_status: 'synced' });
    const proposals = await proposalsOf(personId);
    expect(proposals).toEqual([
      {
        id: res.body.changeProposal.id,
        kind: 'update',
        status: 'approved_locally',
        fields: { nationality: { from: 'DE', to: 'AT' }, identifierNational: { from: null, to: { fle1: expect.any(String) } } },
        requested_by_user_id: tenant.admin.id,
        decided_by_user_id: tenant.admin.id,
        approved_via: 'admin',
        registry_person_id: registryId,
        raw: expect.any(String),
      },
    ]);
    expect(proposals[0]!.raw).not.toContain('AT-4711-X');

    const audit = await ownerDb()`select action, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${personId} order by id`;
    expect(audit.map((entry) => entry.action)).toEqual(['PERSON_UPDATED', 'PERSON_CHANGE_PROPOSED']);
    expect(audit[0]).toMatchObject({ changes: { language: { before: 'de', after: 'en' } }, metadata: { fields: ['language'] } });
    expect(audit[1]).toMatchObject({ metadata: { proposalId: res.body.changeProposal.id, fields: ['nationality', 'identifierNational'], via: 'admin' } });
    expect(audit.map((entry) => entry.raw).join()).not.toContain('AT-4711-X');

    const queue = await api('GET', `/api/v1/person-change-proposals?personId=${personId}`, tokens.admin);
    expect(queue.body.data).toEqual([expect.objectContaining({ id: res.body.changeProposal.id, changes: { nationality: 'AT', identifierNational: '(hidden)' }, status: 'approved_locally' })]);
  });

  it('only registry-mastered fields become a proposal: a value the person already has asks for nothing, platform fields alone answer changeProposal null', async () => {
    const personId = await linkedPerson();
    const same = await api('PATCH', `/api/v1/persons/${personId}`, tokens.admin, { nationality: 'DE', phone: '+49 30 1234567' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ phone: '+49 30 1234567', nationality: 'DE', changeProposal: null });
    expect(await proposalsOf(personId)).toEqual([]);
  });

  it('a local-only person (no registry id) is still written directly, and the answer says no proposal was made', async () => {
    const res = await api('PATCH', `/api/v1/persons/${athleteId}`, tokens.admin, { nationality: 'FR' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ nationality: 'FR', changeProposal: null });
    expect((await ownerDb()`select nationality from persons where id = ${athleteId}`)[0]!.nationality).toBe('FR');
    expect(await proposalsOf(athleteId)).toEqual([]);
  });
});

describe('GET /api/v1/persons/{id} and /me', () => {
  it('decrypts the identifier for an ADMIN and records SENSITIVE_RECORD_VIEWED without the value', async () => {
    const before = (await sensitiveReads(athleteId)).length;
    const res = await api('GET', `/api/v1/persons/${athleteId}`, tokens.admin);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: athleteId, identifierNational: 'T22000129' });
    const reads = await sensitiveReads(athleteId);
    expect(reads).toHaveLength(before + 1);
    expect(reads.at(-1)).toEqual({ actor_user_id: tenant.admin.id, target_type: 'PERSON', metadata: { fields: ['identifierNational'] }, changes: {} });
    expect(JSON.stringify(reads)).not.toContain('T22000129');
  });

  it('shows a coach the person without the identifier, and records no sensitive read', async () => {
    const before = (await sensitiveReads(athleteId)).length;
    const res = await api('GET', `/api/v1/persons/${athleteId}`, tokens.coach);
    expect(res.status).toBe(200);
    expect(res.body.id).toBe(athleteId);
    expect(res.body).not.toHaveProperty('identifierNational');
    expect(await sensitiveReads(athleteId)).toHaveLength(before);
  });

  it('lets anyone read their own person with the identifier, audited; others’ persons are 403', async () => {
    expect((await api('PATCH', `/api/v1/persons/${employeePersonId}`, tokens.admin, { identifierNational: '06113012345' })).status).toBe(200);
    const me = await api('GET', '/api/v1/persons/me', tokens.employee);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ id: employeePersonId, identifierNational: '06113012345' });
    const own = await api('GET', `/api/v1/persons/${employeePersonId}`, tokens.employee);
    expect(own.body.identifierNational).toBe('06113012345');
    const reads = await sensitiveReads(employeePersonId);
    expect(reads.map((r) => r.actor_user_id)).toEqual([tenant.employee.id, tenant.employee.id]);

    expectEnvelope(await api('GET', `/api/v1/persons/${athleteId}`, tokens.employee), 403, 'FORBIDDEN');
  });

  it('answers null when no identifier is stored, without an audit entry', async () => {
    const res = await api('GET', '/api/v1/persons/me', tokens.coach);
    expect(res.status).toBe(200);
    expect(res.body.identifierNational).toBeNull();
    expect(await sensitiveReads(res.body.id)).toHaveLength(0);
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person and 400 for a malformed id', async () => {
    expectEnvelope(await api('GET', `/api/v1/persons/${foreignPersonId}`, tokens.admin), 404, 'PERSON_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/persons/${foreignPersonId}`, tokens.coach), 404, 'PERSON_NOT_FOUND');
    expectEnvelope(await api('GET', '/api/v1/persons/not-a-uuid', tokens.admin), 400, 'VALIDATION_ERROR');
  });
});
