import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, ownerDb, type TestTenant } from '../../../support/factories';

let acme: TestTenant;
let globex: TestTenant;

beforeAll(async () => {
  [acme, globex] = await Promise.all([createTenant(), createTenant()]);
});

const personOf = async (userId: string) => {
  const [row] = await ownerDb()`select p.id, p.first_name, p.last_name, p.phone, p.preferred_email, p.language, p.preferences, p.processing_restricted
    from persons p join users u on u.person_id = p.id and u.organisation_id = p.organisation_id where u.id = ${userId}`;
  return row!;
};
const auditOf = (tenantId: string, personId: string) =>
  ownerDb()`select action, actor_user_id, changes, metadata from audit_log where organisation_id = ${tenantId} and target_type = 'PERSON' and target_id = ${personId} order by id`;

describe('GET and PATCH /api/v1/profile', () => {
  it('returns only the caller’s own profile', async () => {
    const res = await call('GET', '/api/v1/profile', { tenant: acme.slug, token: await acme.employee.token() });
    expect(res.status).toBe(200);
    const person = await personOf(acme.employee.id);
    expect(res.body).toMatchObject({ personId: person.id, firstName: 'Test', lastName: 'EMPLOYEE', language: 'en', processingRestricted: false, pendingChanges: [] });
    expect(res.body.preferences).toEqual({ channels: { email: true, inApp: true }, marketingOptOut: false, marketingOptOutAt: null });
  });

  it('changes application fields, objects to marketing, restricts processing, and audits each', async () => {
    const token = await acme.manager.token();
    const res = await call('PATCH', '/api/v1/profile', {
      tenant: acme.slug,
      token,
      json: { phone: '+49 30 1234567', language: 'de', preferences: { channels: { email: false }, marketingOptOut: true }, processingRestricted: true },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ phone: '+49 30 1234567', language: 'de', processingRestricted: true, preferences: { channels: { email: false, inApp: true }, marketingOptOut: true } });
    expect(res.body.preferences.marketingOptOutAt).toEqual(expect.any(String));
    const person = await personOf(acme.manager.id);
    expect(person).toMatchObject({ phone: '+49 30 1234567', language: 'de', processing_restricted: true });
    expect(person.preferences).toMatchObject({ channels: { email: false, inApp: true }, marketingOptOut: true });
    const audit = await auditOf(acme.id, person.id);
    expect(audit.map((row) => row.action)).toEqual(['PROFILE_UPDATED', 'MARKETING_OPT_OUT', 'PROCESSING_RESTRICTED']);
    expect(audit[0]).toMatchObject({ actor_user_id: acme.manager.id, metadata: { fields: ['phone', 'language', 'channels'] } });
    // The phone number is personal data: named, never stored in the audit log.
    expect(audit[0]!.changes).toEqual({ language: { before: 'en', after: 'de' }, channels: { before: { email: true, push: true, sms: false, inApp: true }, after: { email: false, push: true, sms: false, inApp: true } } });

    const back = await call('PATCH', '/api/v1/profile', { tenant: acme.slug, token, json: { processingRestricted: false, preferences: { marketingOptOut: false } } });
    expect(back.status).toBe(200);
    expect((await auditOf(acme.id, person.id)).map((row) => row.action).slice(3)).toEqual(['MARKETING_OPT_IN', 'PROCESSING_RESTRICTION_LIFTED']);
    expect(await personOf(acme.manager.id)).toMatchObject({ processing_restricted: false });
  });

  it.each([
    [{ lastName: 'Smith' }, '', 'confirmed by the registry'],
    [{ language: 'xx' }, 'language', 'Choose one of the languages'],
    [{ phone: 'call me' }, 'phone', 'Enter a phone number'],
    [{ preferredEmail: 'nobody' }, 'preferredEmail', 'Enter an e-mail address'],
    [{}, '', 'Change at least one field'],
  ])('answers 400 for %j and changes nothing', async (json, path, message) => {
    const before = await personOf(acme.employee.id);
    const res = await call('PATCH', '/api/v1/profile', { tenant: acme.slug, token: await acme.employee.token(), json });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.details.issues).toEqual(expect.arrayContaining([expect.objectContaining({ path, message: expect.stringContaining(message) })]));
    expect(await personOf(acme.employee.id)).toEqual(before);
  });
});

describe('/api/v1/profile/change-requests', () => {
  it('stores a request without changing the person, and replaces the value of a field asked for again', async () => {
    const token = await acme.admin.token();
    const first = await call('POST', '/api/v1/profile/change-requests', { tenant: acme.slug, token, json: { lastName: 'Lovelace', nationality: 'gb' } });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: 'pending', fields: { lastName: { from: 'ADMIN', to: 'Lovelace' }, nationality: { from: null, to: 'GB' } } });
    const second = await call('POST', '/api/v1/profile/change-requests', { tenant: acme.slug, token, json: { lastName: 'Byron' } });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({ id: first.body.id, fields: { lastName: { from: 'ADMIN', to: 'Byron' }, nationality: { from: null, to: 'GB' } } });

    const person = await personOf(acme.admin.id);
    expect(person).toMatchObject({ last_name: 'ADMIN' });
    const rows = await ownerDb()`select status, fields, requested_by_user_id from person_change_requests where person_id = ${person.id}`;
    expect(rows).toEqual([{ status: 'pending', fields: { lastName: { from: 'ADMIN', to: 'Byron' }, nationality: { from: null, to: 'GB' } }, requested_by_user_id: acme.admin.id }]);
    expect((await auditOf(acme.id, person.id)).map((row) => [row.action, row.metadata.fields])).toEqual([
      ['PERSON_CHANGE_REQUESTED', ['lastName', 'nationality']],
      ['PERSON_CHANGE_REQUESTED', ['lastName']],
    ]);

    const list = await call('GET', '/api/v1/profile/change-requests', { tenant: acme.slug, token });
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([expect.objectContaining({ id: first.body.id, status: 'pending' })]);
    const profile = await call('GET', '/api/v1/profile', { tenant: acme.slug, token });
    expect(profile.body.pendingChanges).toEqual([expect.objectContaining({ id: first.body.id })]);
  });

  it('answers 400 for unchanged or malformed values', async () => {
    const token = await acme.employee.token();
    expectEnvelope(await call('POST', '/api/v1/profile/change-requests', { tenant: acme.slug, token, json: { firstName: 'Test' } }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await call('POST', '/api/v1/profile/change-requests', { tenant: acme.slug, token, json: { birthDate: '31.12.1990' } }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await call('POST', '/api/v1/profile/change-requests', { tenant: acme.slug, token, json: { phone: '123' } }), 400, 'VALIDATION_ERROR');
    const person = await personOf(acme.employee.id);
    expect(await ownerDb()`select id from person_change_requests where person_id = ${person.id}`).toHaveLength(0);
  });

  it('keeps tenants apart: a token of one tenant is refused at another, and each sees only its own requests', async () => {
    const foreign = await call('GET', '/api/v1/profile', { tenant: globex.slug, token: await acme.admin.token() });
    expectEnvelope(foreign, 401, 'UNAUTHENTICATED');
    const theirs = await call('GET', '/api/v1/profile/change-requests', { tenant: globex.slug, token: await globex.admin.token() });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    const profile = await call('GET', '/api/v1/profile', { tenant: globex.slug, token: await globex.admin.token() });
    expect(profile.body.personId).toBe((await personOf(globex.admin.id)).id);
  });
});
