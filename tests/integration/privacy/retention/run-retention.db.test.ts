import { randomUUID } from 'node:crypto';
import { sql as sqlTag } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { ledgerEntriesFor } from '@/lib/privacy/erasure/deletion-ledger';
import { ledgerSubjectKey } from '@/lib/privacy/erasure/pseudonym';
import { RETENTION_POLICY } from '@/lib/privacy/retention/policy';
import { previewRetention } from '@/lib/privacy/retention/preview-retention';
import { runRetention } from '@/lib/privacy/retention/run-retention';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import {
  createActivity,
  createActivityComment,
  createAntidopingRecord,
  createConversation,
  createDonation,
  createFinancialTransaction,
  createIncidentReport,
  createMedicalTreatment,
  createMessage,
  createPerson,
  createTenant,
  ownerDb,
  type TestTenant,
} from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { closeTestLedger, DAY, daysBefore, exists, insertAudit, tableCounts, testAsOf, testLedger, testPrivacy, yearsBefore } from './retention-helpers';

const asOf = testAsOf();
const FOREVER = ['match_participation', 'match_evaluation', 'mentoring_session', 'mentoring_cycle', 'education_event'] as const;
const YEAR_KINDS = [
  { kind: 'donation', table: 'donations', years: 10, create: (org: string, at: Date) => createDonation(org, { donated_at: at }) },
  { kind: 'antidoping_record', table: 'antidoping_records', years: 10, create: (org: string, at: Date) => createAntidopingRecord(org, { tested_at: at }) },
  { kind: 'incident_report', table: 'incident_reports', years: 10, create: (org: string, at: Date) => createIncidentReport(org, { occurred_at: at }) },
  { kind: 'financial_transaction', table: 'financial_transactions', years: 10, create: (org: string, at: Date) => createFinancialTransaction(org, { occurred_at: at }) },
  { kind: 'medical_treatment', table: 'medical_treatments', years: 20, create: (org: string, at: Date) => createMedicalTreatment(org, { started_at: new Date(at.getTime() - 30 * DAY), treatment_ended_at: at }) },
  { kind: 'training', table: 'activities', years: 7, create: (org: string, at: Date) => createActivity(org, { type: 'training', occurred_at: at, ended_at: null }) },
  { kind: 'fan_interaction', table: 'activities', years: 2, create: (org: string, at: Date) => createActivity(org, { type: 'fan_interaction', occurred_at: at, ended_at: null }) },
] as const;

type Seeded = {
  expired: Record<string, string>;
  kept: Record<string, string>;
  atExpiry: string;
  forever: Record<string, string>;
  openTreatment: string;
  comments: { onExpired: string[]; onKept: string; onForever: string };
  child: string;
  persons: { due: string; notYet: string; active: string };
  messages: { gone: string[]; kept: string[] };
  conversations: string[];
  audit: { old: string; recent: string };
};

async function seed(tenant: TestTenant): Promise<Seeded> {
  const org = tenant.id;
  const sql = ownerDb();
  await sql`update organisations set default_retention_days = 30 where id = ${org}`;
  const expired: Record<string, string> = {};
  const kept: Record<string, string> = {};
  for (const k of YEAR_KINDS) {
    expired[k.kind] = await k.create(org, yearsBefore(asOf, k.years, -1));
    kept[k.kind] = await k.create(org, yearsBefore(asOf, k.years, 1));
  }
  // Exactly at expiry (anchor + 7 years = asOf): the run at that instant removes it.
  const atExpiry = await createActivity(org, { type: 'training', occurred_at: yearsBefore(asOf, 7), ended_at: null });
  const forever: Record<string, string> = {};
  for (const type of FOREVER) forever[type] = await createActivity(org, { type, occurred_at: yearsBefore(asOf, 100), ended_at: null });
  const openTreatment = await createMedicalTreatment(org, { started_at: yearsBefore(asOf, 100), treatment_ended_at: null });
  const comments = {
    onExpired: [await createActivityComment(org, { activity_id: expired.training }), await createActivityComment(org, { activity_id: expired.training })],
    onKept: await createActivityComment(org, { activity_id: kept.training }),
    onForever: await createActivityComment(org, { activity_id: forever.mentoring_session }),
  };
  // A kept evaluation that names an expired training as its parent loses the link, not itself.
  const child = await createActivity(org, { type: 'match_evaluation', parent_activity_id: expired.training, occurred_at: yearsBefore(asOf, 100), ended_at: null });

  const persons = {
    due: await createPerson(org, { deleted_at: yearsBefore(asOf, 3, -1) }),
    notYet: await createPerson(org, { deleted_at: yearsBefore(asOf, 3, 1) }),
    active: await createPerson(org, { created_at: yearsBefore(asOf, 50) }),
  };

  const general = await createConversation(org, { kind: 'general' });
  const shorter = await createConversation(org, { kind: 'general', retention_days: 10 });
  const longer = await createConversation(org, { kind: 'general', retention_days: 60 });
  const extended = await createConversation(org, { kind: 'mentoring', retention_extended_until: new Date(asOf.getTime() + 10 * DAY) });
  const lapsed = await createConversation(org, { kind: 'health', retention_extended_until: daysBefore(asOf, 1) });
  const msg = (conversation_id: string, days: number) => createMessage(org, { conversation_id, created_at: daysBefore(asOf, days) });
  const messages = {
    gone: [await msg(general, 31), await msg(shorter, 11), await msg(longer, 61), await msg(lapsed, 31)],
    kept: [await msg(general, 29), await msg(shorter, 9), await msg(longer, 59), await msg(longer, 31), await msg(extended, 100), await msg(lapsed, 29)],
  };
  const audit = { old: await insertAudit(org, daysBefore(asOf, 2557 + 1)), recent: await insertAudit(org, daysBefore(asOf, 2557 - 1)) };
  return { expired, kept, atExpiry, forever, openTreatment, comments, child, persons, messages, conversations: [general, shorter, longer, extended, lapsed], audit };
}

const countOf = (results: { kind: string; count: number }[], kind: string) => results.find((r) => r.kind === kind)?.count;

describe('the retention run (spec 001, retention per kind of data)', () => {
  let tenant: TestTenant;
  let other: TestTenant;
  let seeded: Seeded;
  let otherIds: { training: string; message: string; audit: string; person: string };

  beforeAll(async () => {
    [tenant, other] = await Promise.all([createTenant(), createTenant()]);
    seeded = await seed(tenant);
    otherIds = {
      training: await createActivity(other.id, { type: 'training', occurred_at: yearsBefore(asOf, 8), ended_at: null }),
      message: await createMessage(other.id, { created_at: daysBefore(asOf, 400) }),
      audit: await insertAudit(other.id, daysBefore(asOf, 3000)),
      person: await createPerson(other.id, { deleted_at: yearsBefore(asOf, 4) }),
    };
  });
  afterAll(closeTestLedger);

  it('a dry run counts what is due, writes only its run row, and the real run then does exactly that', async () => {
    const before = await tableCounts(tenant.id);
    const dry = await runRetention(jobDb(), tenant.id, { asOf, dryRun: true, trigger: 'manual', requestedByUserId: tenant.admin.id, privacy: testPrivacy });
    expect(dry).toMatchObject({ dryRun: true, status: 'succeeded', trigger: 'manual', requestedByUserId: tenant.admin.id, error: null, asOf: asOf.toISOString() });
    expect(await tableCounts(tenant.id)).toEqual(before);
    expect(dry.results.map((r) => r.kind)).toEqual(RETENTION_POLICY.map((r) => r.kind));
    expect(Object.fromEntries(dry.results.filter((r) => r.count > 0).map((r) => [r.kind, r.count]))).toEqual({
      person: 1,
      training: 2,
      fan_interaction: 1,
      medical_treatment: 1,
      donation: 1,
      antidoping_record: 1,
      incident_report: 1,
      financial_transaction: 1,
      message: 4,
      activity_comment: 2,
      audit_log: 1,
    });
    const [stored] = await ownerDb()`select dry_run, status, results, finished_at from retention_runs where id = ${dry.id}`;
    expect(stored).toMatchObject({ dry_run: true, status: 'succeeded', results: dry.results });
    const preview = await withTenant(jobDb(), tenant.id, (tx) => previewRetention(tx, tenant.id, asOf));
    expect(preview).toEqual(dry.results);

    const real = await runRetention(jobDb(), tenant.id, { asOf, dryRun: false, trigger: 'manual', requestedByUserId: tenant.admin.id, privacy: testPrivacy, batchSize: 1 });
    expect(real).toMatchObject({ dryRun: false, status: 'succeeded', error: null });
    expect(real.results).toEqual(dry.results);
    const [run] = await ownerDb()`select status, results, finished_at from retention_runs where id = ${real.id}`;
    expect(run).toMatchObject({ status: 'succeeded', results: dry.results });
    expect(run!.finished_at).not.toBeNull();
    const actions = await ownerDb()`select action, count(*)::int as n from audit_log where organisation_id = ${tenant.id} and target_id = ${real.id} group by action order by action`;
    expect(actions.map((a) => a.action)).toEqual(['AUDIT_LOG_PURGED', 'RETENTION_RECORDS_DELETED', 'RETENTION_RUN_COMPLETED', 'RETENTION_RUN_STARTED']);
    const [started] = await ownerDb()`select actor_user_id from audit_log where organisation_id = ${tenant.id} and target_id = ${real.id} and action = 'RETENTION_RUN_STARTED'`;
    expect(started!.actor_user_id).toBe(tenant.admin.id);
    // Nothing is left to do: a second preview counts zero everywhere.
    const after = await withTenant(jobDb(), tenant.id, (tx) => previewRetention(tx, tenant.id, asOf));
    expect(after.every((r) => r.count === 0)).toBe(true);
  });

  it('deletes each time-bounded kind just past expiry and keeps it just before', async () => {
    for (const k of YEAR_KINDS) {
      expect(await exists(k.table, seeded.expired[k.kind]!), `${k.kind} past expiry`).toBe(false);
      expect(await exists(k.table, seeded.kept[k.kind]!), `${k.kind} before expiry`).toBe(true);
    }
    expect(await exists('activities', seeded.atExpiry)).toBe(false);
    expect(await exists('medical_treatments', seeded.openTreatment)).toBe(true);
  });

  it('keeps the forever kinds at 100 years, with their comments; comments go with their activity', async () => {
    for (const type of FOREVER) expect(await exists('activities', seeded.forever[type]!), type).toBe(true);
    for (const id of seeded.comments.onExpired) expect(await exists('activity_comments', id)).toBe(false);
    expect(await exists('activity_comments', seeded.comments.onKept)).toBe(true);
    expect(await exists('activity_comments', seeded.comments.onForever)).toBe(true);
    const [child] = await ownerDb()`select parent_activity_id from activities where id = ${seeded.child}`;
    expect(child).toEqual({ parent_activity_id: null });
  });

  it('deletes messages per conversation (default, shorter, longer, manual extension) and keeps every conversation', async () => {
    for (const id of seeded.messages.gone) expect(await exists('messages', id)).toBe(false);
    for (const id of seeded.messages.kept) expect(await exists('messages', id)).toBe(true);
    for (const id of seeded.conversations) expect(await exists('conversations', id)).toBe(true);
  });

  it('anonymises a person 3 years after deactivation, with anonymize_person and a ledger entry, not a day before', async () => {
    const sql = ownerDb();
    const [due] = await sql`select first_name, last_name, identifier_national, anonymized_at from persons where id = ${seeded.persons.due}`;
    expect(due).toMatchObject({ first_name: 'ANONYMIZED', last_name: 'ANONYMIZED', identifier_national: null });
    expect(due!.anonymized_at).toEqual(asOf);
    const audit = await sql`select action, target_type from audit_log where organisation_id = ${tenant.id} and target_id = ${seeded.persons.due} and action = 'anonymize_person'`;
    expect(audit).toEqual([{ action: 'anonymize_person', target_type: 'person' }]);
    const subjectKey = ledgerSubjectKey(inject('pseudonymSecret'), tenant.id, seeded.persons.due);
    const entries = await ledgerEntriesFor((await testLedger()).db, tenant.id, subjectKey);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ reason: 'retention', scope: 'full', entryKey: `retention:${subjectKey}` });
    for (const id of [seeded.persons.notYet, seeded.persons.active]) {
      const [person] = await sql`select first_name, anonymized_at from persons where id = ${id}`;
      expect(person).toEqual({ first_name: 'Test', anonymized_at: null });
    }
  });

  it('purges audit entries older than the retention only, and only through app_purge_audit_log', async () => {
    expect(await exists('audit_log', seeded.audit.old)).toBe(false);
    expect(await exists('audit_log', seeded.audit.recent)).toBe(true);
    const direct = withTenant(jobDb(), tenant.id, (tx) => tx.execute(sqlTag`delete from audit_log where id = ${seeded.audit.recent}`));
    await expect(direct).rejects.toMatchObject({ cause: { code: '42501' } });
    // A late cutoff is clamped to the tenant's retention: the recent entry stays.
    const purged = await withTenant(jobDb(), tenant.id, (tx) => tx.execute(sqlPurge(tenant.id, new Date(Date.now() + 365 * DAY))));
    expect(Number((purged as unknown as { n: number }[])[0]!.n)).toBe(0);
    expect(await exists('audit_log', seeded.audit.recent)).toBe(true);
    // Another tenant's log is out of reach from this tenant's context.
    await expect(withTenant(jobDb(), tenant.id, (tx) => tx.execute(sqlPurge(other.id, asOf)))).rejects.toThrow();
  });

  it('leaves other tenants untouched', async () => {
    expect(await exists('activities', otherIds.training)).toBe(true);
    expect(await exists('messages', otherIds.message)).toBe(true);
    expect(await exists('audit_log', otherIds.audit)).toBe(true);
    const [person] = await ownerDb()`select anonymized_at from persons where id = ${otherIds.person}`;
    expect(person).toEqual({ anonymized_at: null });
    const [runs] = await ownerDb()`select count(*)::int as n from retention_runs where organisation_id = ${other.id}`;
    expect(runs!.n).toBe(0);
  });

  it('records a failing run as failed with its error, and what was done before it', async () => {
    const failing = await createTenant();
    const personId = await createPerson(failing.id, { deleted_at: yearsBefore(asOf, 5) });
    const training = await createActivity(failing.id, { type: 'training', occurred_at: yearsBefore(asOf, 9), ended_at: null });
    const run = await runRetention(jobDb(), failing.id, {
      asOf,
      dryRun: false,
      trigger: 'schedule',
      privacy: async () => {
        throw new Error('ledger unreachable');
      },
    });
    expect(run.status).toBe('failed');
    expect(run.error).toMatch(/ledger unreachable/);
    expect(countOf(run.results, 'person')).toBe(0);
    const [stored] = await ownerDb()`select status, error, finished_at from retention_runs where id = ${run.id}`;
    expect(stored!.status).toBe('failed');
    expect(stored!.error).toMatch(/ledger unreachable/);
    expect(stored!.finished_at).not.toBeNull();
    const [audit] = await ownerDb()`select action from audit_log where organisation_id = ${failing.id} and target_id = ${run.id} and action = 'RETENTION_RUN_FAILED'`;
    expect(audit).toBeDefined();
    const [person] = await ownerDb()`select anonymized_at from persons where id = ${personId}`;
    expect(person).toEqual({ anonymized_at: null });
    expect(await exists('activities', training)).toBe(true);
  });

  it('judges expiry by the clock it is given: a later run removes what an earlier one kept', async () => {
    const later = await createTenant();
    const id = await createActivity(later.id, { type: 'fan_interaction', occurred_at: yearsBefore(asOf, 1), ended_at: null });
    const early = await runRetention(jobDb(), later.id, { asOf, dryRun: false, trigger: 'manual', privacy: testPrivacy, requestId: randomUUID() });
    expect(countOf(early.results, 'fan_interaction')).toBe(0);
    const future = await runRetention(jobDb(), later.id, { asOf: new Date(asOf.getTime() + 366 * DAY), dryRun: false, trigger: 'manual', privacy: testPrivacy });
    expect(countOf(future.results, 'fan_interaction')).toBe(1);
    expect(await exists('activities', id)).toBe(false);
  });
});

function sqlPurge(organisationId: string, before: Date) {
  return sqlTag`select app_purge_audit_log(${organisationId}::uuid, ${before.toISOString()}::timestamptz, 100) as n`;
}
