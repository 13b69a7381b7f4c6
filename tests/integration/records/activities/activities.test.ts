import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createActivity, createActivityComment, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

let tenant: TestTenant;
let other: TestTenant;
let coach: TestUser;
let otherCoach: TestUser;
const tokens = { admin: '', coach: '', employee: '', otherCoach: '' };
let athleteId: string;
let coachPersonId: string;
let strangerId: string;

beforeAll(async () => {
  [tenant, other] = await Promise.all([createTenant(), createTenant()]);
  [coach, otherCoach] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(other.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{COACH}' where id in (${coach.id}, ${otherCoach.id})`;
  [tokens.admin, tokens.coach, tokens.employee, tokens.otherCoach] = await Promise.all([tenant.admin.token(), coach.token(), tenant.employee.token(), otherCoach.token()]);
  athleteId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id;
  coachPersonId = (await ownerDb()`select person_id from users where id = ${coach.id}`)[0]!.person_id;
  strangerId = await createPerson(tenant.id);
});

const api = (method: string, path: string, token: string, json?: unknown, slug = tenant.slug) => call(method, path, { tenant: slug, token, json });
const activityBody = (overrides: Record<string, unknown> = {}) => ({
  personId: athleteId,
  type: 'training',
  title: 'U19 training',
  occurredAt: '2026-11-02T16:00:00.000Z',
  endedAt: '2026-11-02T17:30:00.000Z',
  details: { focus: 'Pressing' },
  ...overrides,
});
const countActivities = async (organisationId: string) => (await ownerDb()`select count(*)::int as n from activities where organisation_id = ${organisationId}`)[0]!.n as number;
const auditOf = (id: string) => ownerDb()`select action, actor_user_id, target_type, changes, metadata, changes::text || metadata::text as raw from audit_log where target_id = ${id} order by id`;

async function record(overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api('POST', '/api/v1/activities', tokens.coach, activityBody(overrides));
  expect(res.status).toBe(201);
  return res.body.id;
}

describe('POST /api/v1/activities', () => {
  it('records an activity for a coach and audits ACTIVITY_RECORDED without the details', async () => {
    const res = await api('POST', '/api/v1/activities', tokens.coach, activityBody());
    expect(res.status).toBe(201);
    expect(res.headers.location).toBe(`/api/v1/activities/${res.body.id}`);
    expect(res.body).toEqual({
      id: expect.any(String),
      type: 'training',
      personId: athleteId,
      subjectPseudonym: null,
      parentActivityId: null,
      title: 'U19 training',
      occurredAt: '2026-11-02T16:00:00.000Z',
      endedAt: '2026-11-02T17:30:00.000Z',
      details: { focus: 'Pressing' },
      recordedByUserId: coach.id,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const [row] = await ownerDb()`select person_id, recorded_by_user_id, details from activities where id = ${res.body.id}`;
    expect(row).toEqual({ person_id: athleteId, recorded_by_user_id: coach.id, details: { focus: 'Pressing' } });
    const audit = await auditOf(res.body.id);
    expect(audit.map((a) => a.action)).toEqual(['ACTIVITY_RECORDED']);
    expect(audit[0]).toMatchObject({ actor_user_id: coach.id, target_type: 'ACTIVITY', metadata: { detailFields: ['focus'] } });
    expect(audit[0]!.raw).not.toContain('Pressing');
  });

  it('lets an ADMIN record one and links a session to its cycle', async () => {
    const cycle = await record({ type: 'mentoring_cycle', title: 'Mentoring 2026' });
    const res = await api('POST', '/api/v1/activities', tokens.admin, activityBody({ type: 'mentoring_session', parentActivityId: cycle }));
    expect(res.status).toBe(201);
    expect(res.body.parentActivityId).toBe(cycle);
  });

  it('refuses an EMPLOYEE without the duty with 403, storing nothing', async () => {
    const before = await countActivities(tenant.id);
    const res = await api('POST', '/api/v1/activities', tokens.employee, activityBody());
    expectEnvelope(res, 403, 'FORBIDDEN');
    expect(res.body.error.details).toEqual({ requiredRole: 'ADMIN', orDuty: 'COACH' });
    expect(await countActivities(tenant.id)).toBe(before);
  });

  it.each([
    ['an unknown type', { type: 'party' }, 'type', 'Choose one of training'],
    ['an empty title', { title: '  ' }, 'title', 'Give the activity a title.'],
    ['an end before the start', { endedAt: '2026-11-01T10:00:00.000Z' }, 'endedAt', 'The activity cannot end before it started.'],
    ['a malformed start', { occurredAt: 'yesterday' }, 'occurredAt', 'Give the start as a date and time'],
    ['details that are not an object', { details: ['a'] }, 'details', 'Details must be an object of named values.'],
    ['an unknown field', { score: 3 }, null, null],
  ])('rejects %s with 400 and a readable message, storing nothing', async (_label, overrides, path, message) => {
    const before = await countActivities(tenant.id);
    const res = await api('POST', '/api/v1/activities', tokens.coach, activityBody(overrides));
    expectEnvelope(res, 400, 'VALIDATION_ERROR');
    if (path) {
      const issue = res.body.error.details.issues.find((i: { path: string }) => i.path === path);
      expect(issue.message).toContain(message);
    }
    expect(await countActivities(tenant.id)).toBe(before);
  });

  it('answers 404 for another tenant’s person or parent activity, storing nothing', async () => {
    const foreignPerson = await createPerson(other.id);
    const foreignActivity = await createActivity(other.id);
    const before = await countActivities(tenant.id);
    expectEnvelope(await api('POST', '/api/v1/activities', tokens.coach, activityBody({ personId: foreignPerson })), 404, 'PERSON_NOT_FOUND');
    expectEnvelope(await api('POST', '/api/v1/activities', tokens.coach, activityBody({ parentActivityId: foreignActivity })), 404, 'ACTIVITY_NOT_FOUND');
    expect(await countActivities(tenant.id)).toBe(before);
  });
});

describe('GET /api/v1/activities', () => {
  it('shows a coach everyone’s activities, filtered by person, type and period, in cursor pages', async () => {
    const [a, b] = [await record({ occurredAt: '2025-03-01T10:00:00.000Z', endedAt: null }), await record({ occurredAt: '2025-03-02T10:00:00.000Z', endedAt: null })];
    await record({ type: 'match_participation', occurredAt: '2025-03-03T10:00:00.000Z', endedAt: null });
    const query = `personId=${athleteId}&type=training&from=2025-03-01T00:00:00Z&to=2025-03-10T00:00:00Z`;
    const first = await api('GET', `/api/v1/activities?${query}&limit=1`, tokens.coach);
    expect(first.status).toBe(200);
    expect(first.body.data.map((x: { id: string }) => x.id)).toEqual([b]);
    expect(first.body.pagination).toMatchObject({ total: 2, hasMore: true });
    const second = await api('GET', `/api/v1/activities?${query}&limit=1&cursor=${first.body.pagination.nextCursor}`, tokens.coach);
    expect(second.body.data.map((x: { id: string }) => x.id)).toEqual([a]);
    expect(second.body.pagination.hasMore).toBe(false);
  });

  it('shows an employee only their own activities, and 403 for anyone else’s', async () => {
    const own = await record();
    const theirs = await record({ personId: strangerId });
    const mine = await api('GET', '/api/v1/activities?personId=me&limit=100', tokens.employee);
    expect(mine.status).toBe(200);
    const ids = mine.body.data.map((x: { id: string }) => x.id);
    expect(ids).toContain(own);
    expect(ids).not.toContain(theirs);
    expect(mine.body.data.every((x: { personId: string }) => x.personId === athleteId)).toBe(true);
    expectEnvelope(await api('GET', '/api/v1/activities', tokens.employee), 403, 'FORBIDDEN');
    expectEnvelope(await api('GET', `/api/v1/activities?personId=${strangerId}`, tokens.employee), 403, 'FORBIDDEN');
  });

  it('never lists another tenant’s activities', async () => {
    await record();
    const res = await api('GET', '/api/v1/activities?limit=100', tokens.otherCoach, undefined, other.slug);
    expect(res.status).toBe(200);
    expect(res.body.data.every((x: { personId: string }) => x.personId !== athleteId)).toBe(true);
  });

  it('rejects a period that ends before it starts with 400', async () => {
    expectEnvelope(await api('GET', '/api/v1/activities?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z', tokens.coach), 400, 'VALIDATION_ERROR');
  });
});

describe('GET and PATCH /api/v1/activities/{id}', () => {
  it('shows an activity to a coach, an admin and its subject; 404 to anyone else and another tenant', async () => {
    const id = await record();
    for (const token of [tokens.coach, tokens.admin, tokens.employee]) {
      const res = await api('GET', `/api/v1/activities/${id}`, token);
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ id, personId: athleteId });
    }
    const theirs = await record({ personId: strangerId });
    expectEnvelope(await api('GET', `/api/v1/activities/${theirs}`, tokens.employee), 404, 'ACTIVITY_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/activities/${id}`, tokens.otherCoach, undefined, other.slug), 404, 'ACTIVITY_NOT_FOUND');
  });

  it('changes an activity for a coach and audits ACTIVITY_UPDATED, details only as changed', async () => {
    const id = await record();
    const res = await api('PATCH', `/api/v1/activities/${id}`, tokens.coach, { title: 'U19 recovery', details: { focus: 'Stretching' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: 'U19 recovery', details: { focus: 'Stretching' } });
    expect((await ownerDb()`select title from activities where id = ${id}`)[0]!.title).toBe('U19 recovery');
    const [audit] = (await auditOf(id)).filter((a) => a.action === 'ACTIVITY_UPDATED');
    expect(audit).toMatchObject({
      actor_user_id: coach.id,
      changes: { title: { before: 'U19 training', after: 'U19 recovery' } },
      metadata: { fields: ['title', 'details'], details: { changed: true } },
    });
    expect(audit!.raw).not.toMatch(/Stretching|Pressing/);
  });

  it('refuses the subject with 403, validates the period, and answers 404 across tenants', async () => {
    const id = await record();
    const before = await ownerDb()`select * from activities where id = ${id}`;
    expectEnvelope(await api('PATCH', `/api/v1/activities/${id}`, tokens.employee, { title: 'Mine' }), 403, 'FORBIDDEN');
    expectEnvelope(await api('PATCH', `/api/v1/activities/${id}`, tokens.coach, { endedAt: '2020-01-01T00:00:00.000Z' }), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `/api/v1/activities/${id}`, tokens.coach, {}), 400, 'VALIDATION_ERROR');
    expectEnvelope(await api('PATCH', `/api/v1/activities/${id}`, tokens.otherCoach, { title: 'x' }, other.slug), 404, 'ACTIVITY_NOT_FOUND');
    expect(await ownerDb()`select * from activities where id = ${id}`).toEqual(before);
  });
});

describe('/api/v1/activities/{id}/comments', () => {
  it('lets the subject and a coach comment and read, as their own person', async () => {
    const id = await record();
    const byAthlete = await api('POST', `/api/v1/activities/${id}/comments`, tokens.employee, { body: 'Felt strong today.' });
    expect(byAthlete.status).toBe(201);
    expect(byAthlete.body).toMatchObject({ activityId: id, authorPersonId: athleteId, authorAnonymized: false, body: 'Felt strong today.' });
    expect(byAthlete.body.authorName).not.toBe('ANONYMIZED USER');
    const byCoach = await api('POST', `/api/v1/activities/${id}/comments`, tokens.coach, { body: 'Good pressing.' });
    expect(byCoach.body.authorPersonId).toBe(coachPersonId);
    const list = await api('GET', `/api/v1/activities/${id}/comments`, tokens.employee);
    expect(list.status).toBe(200);
    expect(list.body.data.map((c: { body: string }) => c.body)).toEqual(['Felt strong today.', 'Good pressing.']);
    expectEnvelope(await api('POST', `/api/v1/activities/${id}/comments`, tokens.coach, { body: ' ' }), 400, 'VALIDATION_ERROR');
  });

  it('answers 404 to someone who may not read the activity and to another tenant', async () => {
    const theirs = await record({ personId: strangerId });
    expectEnvelope(await api('GET', `/api/v1/activities/${theirs}/comments`, tokens.employee), 404, 'ACTIVITY_NOT_FOUND');
    expectEnvelope(await api('POST', `/api/v1/activities/${theirs}/comments`, tokens.employee, { body: 'Hi' }), 404, 'ACTIVITY_NOT_FOUND');
    expectEnvelope(await api('GET', `/api/v1/activities/${theirs}/comments`, tokens.otherCoach, undefined, other.slug), 404, 'ACTIVITY_NOT_FOUND');
    expect((await ownerDb()`select count(*)::int as n from activity_comments where activity_id = ${theirs}`)[0]!.n).toBe(0);
  });

  it('shows an anonymised comment’s author as ANONYMIZED USER without an id', async () => {
    const id = await record();
    await createActivityComment(tenant.id, { activity_id: id, author_person_id: null, body: '[deleted]' });
    const res = await api('GET', `/api/v1/activities/${id}/comments`, tokens.coach);
    expect(res.body.data).toEqual([
      { id: expect.any(String), activityId: id, authorPersonId: null, authorName: 'ANONYMIZED USER', authorAnonymized: true, body: '[deleted]', createdAt: expect.any(String) },
    ]);
  });

  it('lets the author delete their own comment without a moderation audit', async () => {
    const id = await record();
    const comment = (await api('POST', `/api/v1/activities/${id}/comments`, tokens.employee, { body: 'Typo' })).body.id;
    const res = await api('DELETE', `/api/v1/activities/${id}/comments/${comment}`, tokens.employee);
    expect(res.status).toBe(204);
    expect(await ownerDb()`select id from activity_comments where id = ${comment}`).toHaveLength(0);
    expect(await auditOf(comment)).toHaveLength(0);
  });

  it('audits a coach removing someone else’s comment as COMMENT_MODERATED, never with the body', async () => {
    const id = await record();
    const comment = (await api('POST', `/api/v1/activities/${id}/comments`, tokens.employee, { body: 'Rude remark' })).body.id;
    expect((await api('DELETE', `/api/v1/activities/${id}/comments/${comment}`, tokens.coach)).status).toBe(204);
    expect(await ownerDb()`select id from activity_comments where id = ${comment}`).toHaveLength(0);
    const audit = await auditOf(comment);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'COMMENT_MODERATED', actor_user_id: coach.id, target_type: 'ACTIVITY_COMMENT', metadata: { activityId: id, authorPersonId: athleteId } });
    expect(audit[0]!.raw).not.toContain('Rude');
  });

  it('refuses an employee deleting someone else’s comment with 403, and answers 404 for unknown comments and tenants', async () => {
    const id = await record();
    const comment = (await api('POST', `/api/v1/activities/${id}/comments`, tokens.coach, { body: 'Well done' })).body.id;
    expectEnvelope(await api('DELETE', `/api/v1/activities/${id}/comments/${comment}`, tokens.employee), 403, 'FORBIDDEN');
    expectEnvelope(await api('DELETE', `/api/v1/activities/${id}/comments/00000000-0000-4000-8000-000000000000`, tokens.coach), 404, 'ACTIVITY_COMMENT_NOT_FOUND');
    expectEnvelope(await api('DELETE', `/api/v1/activities/${id}/comments/${comment}`, tokens.otherCoach, undefined, other.slug), 404, 'ACTIVITY_NOT_FOUND');
    expect(await ownerDb()`select id from activity_comments where id = ${comment}`).toHaveLength(1);
    expect(await auditOf(comment)).toHaveLength(0);
  });
});
