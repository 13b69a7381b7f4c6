import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createMessage, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let medic: TestUser;
let outsider: TestUser;
const tokens = { admin: '', employee: '', medic: '', outsider: '', otherAdmin: '' };
const people = { employee: '', medic: '', admin: '' };
let foreignPersonId: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [medic, outsider] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(tenant.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{MEDICAL}' where id = ${medic.id}`;
  [tokens.admin, tokens.employee, tokens.medic, tokens.outsider, tokens.otherAdmin] = await Promise.all([
    tenant.admin.token(),
    tenant.employee.token(),
    medic.token(),
    outsider.token(),
    other.admin.token(),
  ]);
  const personOf = async (userId: string) => (await ownerDb()`select person_id from users where id = ${userId}`)[0]!.person_id as string;
  [people.employee, people.medic, people.admin] = await Promise.all([personOf(tenant.employee.id), personOf(medic.id), personOf(tenant.admin.id)]);
  foreignPersonId = await createPerson(other.id);
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const countConversations = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from conversations where organisation_id = ${organisationId}`)[0]!.n as number;
const storedMessage = async (id: string) => (await ownerDb()`select body, deleted_at, author_person_id from messages where id = ${id}`)[0]!;
const auditOf = (targetId: string) => ownerDb()`select action, actor_user_id, target_type, changes, metadata from audit_log where target_id = ${targetId} order by id`;

async function startConversation(token: string, body: Record<string, unknown>): Promise<string> {
  const res = await api('POST', '/api/v1/conversations', token, body);
  expect(res.status).toBe(201);
  return res.body.id;
}

async function writeMessage(conversationId: string, token: string, body: string): Promise<string> {
  const res = await api('POST', `/api/v1/conversations/${conversationId}/messages`, token, { body });
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/conversations', () => {
  it('starts a conversation with the creator always among the participants, and audits it', async () => {
    const res = await api('POST', '/api/v1/conversations', tokens.employee, { kind: 'general', title: 'Kit for Saturday', participantPersonIds: [people.medic] });
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/conversations/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      kind: 'general',
      title: 'Kit for Saturday',
      participantPersonIds: expect.arrayContaining([people.employee, people.medic]),
      retentionDays: null,
      retentionExtendedUntil: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(res.body.participantPersonIds).toHaveLength(2);
    const stored = await ownerDb()`select person_id from conversation_participants where conversation_id = ${res.body.id}`;
    expect(stored.map((r) => r.person_id).sort()).toEqual([people.employee, people.medic].sort());
    expect((await auditOf(res.body.id)).map((a) => a.action)).toEqual(['CONVERSATION_CREATED']);
  });

  it('needs the MEDICAL duty for a health conversation: 403 for an EMPLOYEE and an ADMIN, storing nothing', async () => {
    const before = await countConversations(tenant.id);
    for (const token of [tokens.employee, tokens.admin]) {
      const res = await api('POST', '/api/v1/conversations', token, { kind: 'health', title: 'Knee', participantPersonIds: [] });
      expectEnvelope(res, 403, 'FORBIDDEN');
      expect(res.body.error.details).toEqual({ requiredDuty: 'MEDICAL' });
    }
    expect(await countConversations(tenant.id)).toBe(before);
    const res = await api('POST', '/api/v1/conversations', tokens.medic, { kind: 'health', title: 'Knee', participantPersonIds: [people.employee] });
    expect(res.status).toBe(201);
    expect(res.body.kind).toBe('health');
  });

  it.each([
    ['an unknown kind', { kind: 'gossip' }, 'Choose general, mentoring or health.'],
    ['an empty title', { title: '   ' }, 'Give the conversation a title.'],
    ['a malformed participant', { participantPersonIds: ['nobody'] }, 'Each participant must be a person id.'],
    ['an unknown field', { topic: 'x' }, null],
  ])('rejects %s with 400 and a readable message, storing nothing', async (_label, overrides, message) => {
    const before = await countConversations(tenant.id);
    const res = await api('POST', '/api/v1/conversations', tokens.employee, { kind: 'general', title: 'Chat', ...overrides });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    if (message) expect(JSON.stringify(res.body.error.details)).toContain(message);
    expect(await countConversations(tenant.id)).toBe(before);
  });

  it('answers 404 PERSON_NOT_FOUND for another tenant’s person as participant', async () => {
    const before = await countConversations(tenant.id);
    expectEnvelope(await api('POST', '/api/v1/conversations', tokens.employee, { kind: 'general', title: 'Chat', participantPersonIds: [foreignPersonId] }), 404, 'PERSON_NOT_FOUND');
    expect(await countConversations(tenant.id)).toBe(before);
  });
});

describe('reading conversations and messages', () => {
  it('shows a conversation and its messages to participants only; others, an ADMIN included, get the 404 of a missing id', async () => {
    const id = await startConversation(tokens.employee, { kind: 'general', title: 'Private', participantPersonIds: [people.medic] });
    await writeMessage(id, tokens.employee, 'First');
    expect((await api('GET', `/api/v1/conversations/${id}`, tokens.medic)).status).toBe(200);
    const missing = await api('GET', `/api/v1/conversations/${randomUUID()}`, tokens.outsider);
    expectEnvelope(missing, 404, 'CONVERSATION_NOT_FOUND');
    for (const token of [tokens.outsider, tokens.admin]) {
      const res = await api('GET', `/api/v1/conversations/${id}`, token);
      expectEnvelope(res, 404, 'CONVERSATION_NOT_FOUND');
      expect(res.body.error.message).toBe(missing.body.error.message);
      expectEnvelope(await api('GET', `/api/v1/conversations/${id}/messages`, token), 404, 'CONVERSATION_NOT_FOUND');
      const list = await api('GET', '/api/v1/conversations?limit=100', token);
      expect(list.body.data.map((c: { id: string }) => c.id)).not.toContain(id);
    }
    const before = (await ownerDb()`select count(*)::int as n from messages where conversation_id = ${id}`)[0]!.n;
    expectEnvelope(await api('POST', `/api/v1/conversations/${id}/messages`, tokens.outsider, { body: 'Let me in' }), 404, 'CONVERSATION_NOT_FOUND');
    expect((await ownerDb()`select count(*)::int as n from messages where conversation_id = ${id}`)[0]!.n).toBe(before);
    const mine = await api('GET', '/api/v1/conversations?limit=100', tokens.medic);
    expect(mine.body.data.map((c: { id: string }) => c.id)).toContain(id);
  });

  it('pages messages oldest first, with the caller as author, and shows anonymised ones without an author', async () => {
    const id = await startConversation(tokens.employee, { kind: 'mentoring', title: 'Mentoring', participantPersonIds: [people.medic] });
    const first = await writeMessage(id, tokens.employee, 'One');
    const second = await writeMessage(id, tokens.medic, 'Two');
    const anonymised = await createMessage(tenant.id, { conversation_id: id, author_person_id: null, body: '[deleted]', created_at: new Date(Date.now() + 60_000) });
    const page1 = await api('GET', `/api/v1/conversations/${id}/messages?limit=2`, tokens.medic);
    expect(page1.status).toBe(200);
    expect(page1.body.data.map((m: { id: string }) => m.id)).toEqual([first, second]);
    expect(page1.body.data[0]).toMatchObject({ authorPersonId: people.employee, authorAnonymized: false, body: 'One', deletedAt: null });
    expect(page1.body.pagination).toMatchObject({ total: 3, hasMore: true });
    const page2 = await api('GET', `/api/v1/conversations/${id}/messages?limit=2&cursor=${page1.body.pagination.nextCursor}`, tokens.medic);
    expect(page2.body.data).toEqual([
      { id: anonymised, conversationId: id, authorPersonId: null, authorAnonymized: true, body: '[deleted]', createdAt: expect.any(String), deletedAt: null },
    ]);
    expectEnvelope(await api('POST', `/api/v1/conversations/${id}/messages`, tokens.medic, { body: '  ' }), 400, 'VALIDATION_ERROR');
  });
});

describe('DELETE /api/v1/conversations/{id}/messages/{messageId}', () => {
  it('lets the author delete their own message into the deleted shape, without a moderation entry', async () => {
    const id = await startConversation(tokens.employee, { kind: 'general', title: 'Delete', participantPersonIds: [people.medic] });
    const messageId = await writeMessage(id, tokens.employee, 'Oops, wrong chat');
    expectEnvelope(await api('DELETE', `/api/v1/conversations/${id}/messages/${messageId}`, tokens.medic), 403, 'FORBIDDEN');
    expect((await storedMessage(messageId)).body).toBe('Oops, wrong chat');
    expect((await api('DELETE', `/api/v1/conversations/${id}/messages/${messageId}`, tokens.employee)).status).toBe(204);
    const row = await storedMessage(messageId);
    expect(row.body).toBe('[deleted]');
    expect(row.deleted_at).toBeInstanceOf(Date);
    expect(await auditOf(messageId)).toEqual([]);
    const list = await api('GET', `/api/v1/conversations/${id}/messages`, tokens.medic);
    expect(list.body.data[0]).toMatchObject({ id: messageId, body: '[deleted]', deletedAt: expect.any(String) });
  });

  it('lets an ADMIN who is not a participant moderate by id, audited as MESSAGE_MODERATED without the body', async () => {
    const id = await startConversation(tokens.employee, { kind: 'general', title: 'Moderate', participantPersonIds: [people.medic] });
    const messageId = await writeMessage(id, tokens.medic, 'Something offensive');
    expectEnvelope(await api('DELETE', `/api/v1/conversations/${id}/messages/${messageId}`, tokens.outsider), 404, 'CONVERSATION_NOT_FOUND');
    expectEnvelope(await api('DELETE', `/api/v1/conversations/${id}/messages/${randomUUID()}`, tokens.admin), 404, 'MESSAGE_NOT_FOUND');
    expect((await api('DELETE', `/api/v1/conversations/${id}/messages/${messageId}`, tokens.admin)).status).toBe(204);
    expect((await storedMessage(messageId)).body).toBe('[deleted]');
    const audit = await auditOf(messageId);
    expect(audit).toEqual([
      { action: 'MESSAGE_MODERATED', actor_user_id: tenant.admin.id, target_type: 'MESSAGE', changes: {}, metadata: { conversationId: id, authorPersonId: people.medic } },
    ]);
    expect(JSON.stringify(audit)).not.toContain('offensive');
    expectEnvelope(await api('GET', `/api/v1/conversations/${id}/messages`, tokens.admin), 404, 'CONVERSATION_NOT_FOUND');
  });
});

describe('PATCH /api/v1/conversations/{id}', () => {
  it('lets participants change the title, and keeps retention for the ADMIN', async () => {
    const id = await startConversation(tokens.employee, { kind: 'mentoring', title: 'Old', participantPersonIds: [] });
    const renamed = await api('PATCH', `/api/v1/conversations/${id}`, tokens.employee, { title: 'New' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.title).toBe('New');
    expectEnvelope(await api('PATCH', `/api/v1/conversations/${id}`, tokens.admin, { title: 'Admin rename' }), 404, 'CONVERSATION_NOT_FOUND');
    for (const body of [{ retentionDays: 30 }, { retentionExtendedUntil: '2028-01-01T00:00:00Z' }]) {
      const res = await api('PATCH', `/api/v1/conversations/${id}`, tokens.employee, body);
      expectEnvelope(res, 403, 'FORBIDDEN');
    }
    const row = (await ownerDb()`select title, retention_days, retention_extended_until from conversations where id = ${id}`)[0]!;
    expect(row).toEqual({ title: 'New', retention_days: null, retention_extended_until: null });
  });

  it('lets an ADMIN extend retention of a mentoring conversation without being a participant, audited', async () => {
    const id = await startConversation(tokens.employee, { kind: 'mentoring', title: 'Cycle', participantPersonIds: [] });
    const res = await api('PATCH', `/api/v1/conversations/${id}`, tokens.admin, { retentionExtendedUntil: '2028-06-30T00:00:00Z', retentionDays: 730 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ retentionDays: 730, retentionExtendedUntil: '2028-06-30T00:00:00.000Z' });
    const audit = (await auditOf(id)).filter((a) => a.action === 'CONVERSATION_RETENTION_EXTENDED');
    expect(audit).toEqual([
      {
        action: 'CONVERSATION_RETENTION_EXTENDED',
        actor_user_id: tenant.admin.id,
        target_type: 'CONVERSATION',
        changes: { retentionExtendedUntil: { before: null, after: '2028-06-30T00:00:00.000Z' } },
        metadata: { kind: 'mentoring' },
      },
    ]);
  });

  it('answers a non-participant ADMIN only the retention they may set: never the title, kind or participants, even for a PATCH that changes nothing', async () => {
    const id = await startConversation(tokens.medic, { kind: 'health', title: 'Knee rehabilitation plan', participantPersonIds: [people.employee] });
    expectEnvelope(await api('GET', `/api/v1/conversations/${id}`, tokens.admin), 404, 'CONVERSATION_NOT_FOUND');
    for (const [body, retentionDays] of [
      [{ retentionDays: null }, null],
      [{ retentionDays: 400 }, 400],
      [{ retentionDays: 400 }, 400],
    ] as const) {
      const res = await api('PATCH', `/api/v1/conversations/${id}`, tokens.admin, body);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id, retentionDays, retentionExtendedUntil: null });
      for (const hidden of ['Knee', 'health', people.employee, people.medic]) expect(res.text).not.toContain(hidden);
    }
    // A participant's answer is unchanged: the whole conversation.
    const own = await api('PATCH', `/api/v1/conversations/${id}`, tokens.medic, { title: 'Knee plan' });
    expect(own.body).toMatchObject({ id, kind: 'health', title: 'Knee plan', retentionDays: 400, participantPersonIds: expect.arrayContaining([people.medic, people.employee]) });
    expect((await ownerDb()`select retention_days, title from conversations where id = ${id}`)[0]).toEqual({ retention_days: 400, title: 'Knee plan' });
  });

  it('refuses a retention extension of a general conversation with 400, and bad values with readable messages', async () => {
    const id = await startConversation(tokens.employee, { kind: 'general', title: 'General', participantPersonIds: [] });
    const res = await api('PATCH', `/api/v1/conversations/${id}`, tokens.admin, { retentionExtendedUntil: '2028-06-30T00:00:00Z' });
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    expect(res.body.error.message).toBe('Only mentoring and health conversations can have their retention extended.');
    const zero = await api('PATCH', `/api/v1/conversations/${id}`, tokens.admin, { retentionDays: 0 });
    expectEnvelope(zero, 400, 'VALIDATION_ERROR');
    expect(JSON.stringify(zero.body.error.details)).toContain('Keep messages for at least one day.');
    expectEnvelope(await api('PATCH', `/api/v1/conversations/${id}`, tokens.employee, {}), 400, 'VALIDATION_ERROR');
    expect((await ownerDb()`select retention_extended_until, retention_days from conversations where id = ${id}`)[0]).toEqual({ retention_extended_until: null, retention_days: null });
  });
});

describe('tenant isolation', () => {
  it('answers 404 to another tenant’s admin for every conversation route, changing nothing', async () => {
    const id = await startConversation(tokens.employee, { kind: 'mentoring', title: 'Ours', participantPersonIds: [] });
    const messageId = await writeMessage(id, tokens.employee, 'Ours only');
    const theirs = (method: string, path: string, json?: unknown) => api(method, path, tokens.otherAdmin, json, other.slug);
    expectEnvelope(await theirs('GET', `/api/v1/conversations/${id}`), 404, 'CONVERSATION_NOT_FOUND');
    expectEnvelope(await theirs('GET', `/api/v1/conversations/${id}/messages`), 404, 'CONVERSATION_NOT_FOUND');
    expectEnvelope(await theirs('POST', `/api/v1/conversations/${id}/messages`, { body: 'hi' }), 404, 'CONVERSATION_NOT_FOUND');
    expectEnvelope(await theirs('PATCH', `/api/v1/conversations/${id}`, { retentionDays: 5 }), 404, 'CONVERSATION_NOT_FOUND');
    expectEnvelope(await theirs('DELETE', `/api/v1/conversations/${id}/messages/${messageId}`), 404, 'CONVERSATION_NOT_FOUND');
    expect((await storedMessage(messageId)).body).toBe('Ours only');
    expect((await ownerDb()`select retention_days from conversations where id = ${id}`)[0]!.retention_days).toBeNull();
  });
});
