import { createDonation, createActivity, createIncidentReport, createMedicalTreatment, createPerson, createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';

// Everything happens in January 1990: no other test's tenant exists then (tenants are created "now" and the job only
// visits those created before the month ended), so the job and the outbox sweep below see this file's rows only.
export const PERIOD = { month: '1990-01', start: '1990-01-01', end: '1990-01-31' };
export const JOB_NOW = '1990-02-01T03:00:00.000Z';
export const LEGAL_CONTACT = 'legal@acme-legal.example';

const at = (value: string) => new Date(value);
const days = (instant: string, n: number) => new Date(Date.parse(instant) + n * 86_400_000);

type Request = {
  requested: string;
  status: 'pending' | 'verified' | 'in_progress' | 'completed' | 'rejected';
  verified?: string;
  started?: string;
  completed?: string;
  rejected?: string;
};

async function insertRequest(organisationId: string, request: Request): Promise<string> {
  const personId = await createPerson(organisationId);
  const [row] = await ownerDb()`insert into data_deletion_requests (organisation_id, person_id, requested_at, status, scope, verification_method, verified_at, target_due_at,
      legal_due_at, started_at, completed_at, rejected_at, rejection_reason)
    values (${organisationId}, ${personId}, ${at(request.requested)}, ${request.status}, 'full', ${request.verified ? 'phone' : null}, ${request.verified ? at(request.verified) : null},
      ${request.verified ? days(request.verified, 7) : null}, ${days(request.requested, 30)}, ${request.started ? at(request.started) : null},
      ${request.completed ? at(request.completed) : null}, ${request.rejected ? at(request.rejected) : null}, ${request.rejected ? 'Identity could not be confirmed.' : null})
    returning id`;
  return row!.id as string;
}

/** Eleven requests whose every figure is worked out by hand in the test's expectation. */
export async function seedErasureRequests(organisationId: string): Promise<void> {
  const requests: Request[] = [
    // Completed in January: 394 h, 12 h and 1680 h (the last after its legal limit of 1 December).
    { requested: '1989-12-20T00:00:00Z', status: 'completed', verified: '1989-12-21T00:00:00Z', started: '1989-12-22T00:00:00Z', completed: '1990-01-05T10:00:00Z' },
    { requested: '1990-01-03T00:00:00Z', status: 'completed', verified: '1990-01-03T06:00:00Z', started: '1990-01-03T08:00:00Z', completed: '1990-01-03T12:00:00Z' },
    { requested: '1989-11-01T00:00:00Z', status: 'completed', verified: '1989-11-02T00:00:00Z', started: '1989-11-03T00:00:00Z', completed: '1990-01-10T00:00:00Z' },
    // Open at the end of January: pending; verified and past both limits; in progress and past the target.
    { requested: '1990-01-10T00:00:00Z', status: 'pending' },
    { requested: '1989-12-01T00:00:00Z', status: 'verified', verified: '1989-12-02T00:00:00Z' },
    { requested: '1990-01-15T00:00:00Z', status: 'in_progress', verified: '1990-01-16T00:00:00Z', started: '1990-01-20T00:00:00Z' },
    // Rejected in January.
    { requested: '1990-01-20T00:00:00Z', status: 'rejected', rejected: '1990-01-25T00:00:00Z' },
    // Verified only in February: still waiting for verification when January ended.
    { requested: '1990-01-25T00:00:00Z', status: 'verified', verified: '1990-02-03T00:00:00Z' },
    // Filed in February, and completed before January: outside the period.
    { requested: '1990-02-05T00:00:00Z', status: 'pending' },
    { requested: '1989-10-01T00:00:00Z', status: 'completed', verified: '1989-10-02T00:00:00Z', started: '1989-10-03T00:00:00Z', completed: '1989-12-01T00:00:00Z' },
    // Rejected only in February: open and past its legal limit (9 January) at the end of January.
    { requested: '1989-12-10T00:00:00Z', status: 'rejected', rejected: '1990-02-03T00:00:00Z' },
  ];
  for (const request of requests) await insertRequest(organisationId, request);
}

async function insertRun(organisationId: string, day: number, run: { status: 'succeeded' | 'failed'; dryRun?: boolean; trigger?: 'schedule' | 'manual'; hour?: number; month?: number }) {
  const startedAt = new Date(Date.UTC(1990, run.month ?? 0, day, run.hour ?? 2));
  await ownerDb()`insert into retention_runs (organisation_id, dry_run, trigger, as_of, status, results, error, started_at, finished_at)
    values (${organisationId}, ${run.dryRun ?? false}, ${run.trigger ?? 'schedule'}, ${startedAt}, ${run.status}, ${ownerDb().json([])}, ${run.status === 'failed' ? 'boom' : null},
      ${startedAt}, ${new Date(startedAt.getTime() + 60_000)})`;
}

/** A real run succeeded every day but the 5th (failed), the 6th (a dry run only) and the 20th (a failed manual dry run). */
export async function seedRetentionRuns(organisationId: string): Promise<void> {
  for (let day = 1; day <= 31; day++) {
    if (day === 5) await insertRun(organisationId, day, { status: 'failed' });
    else if (day === 6) await insertRun(organisationId, day, { status: 'succeeded', dryRun: true });
    else if (day === 20) await insertRun(organisationId, day, { status: 'failed', dryRun: true, trigger: 'manual', hour: 14 });
    else {
      // The 12th: the scheduled run failed and a manual one succeeded later that day.
      if (day === 12) await insertRun(organisationId, day, { status: 'failed' });
      await insertRun(organisationId, day, { status: 'succeeded', hour: day === 12 ? 9 : 2, trigger: day === 12 ? 'manual' : 'schedule' });
    }
  }
  await insertRun(organisationId, 1, { status: 'failed', month: 1 });
}

/** A training of 1982 (7 years) and two donations of 1975 (10 years) are past retention in February 1990. */
export async function seedExpiredRecords(organisationId: string): Promise<void> {
  await createActivity(organisationId, { occurred_at: at('1982-01-01T10:00:00Z'), ended_at: at('1982-01-01T12:00:00Z') });
  await createDonation(organisationId, { donated_at: at('1975-03-01T10:00:00Z') });
  await createDonation(organisationId, { donated_at: at('1975-04-01T10:00:00Z') });
}

export type Accessor = TestUser & { name: string; email: string; reads: number; medical: number; incident: number };

async function insertReads(organisationId: string, actorId: string, targetType: string, targetId: string, count: number, occurredAt: string) {
  if (count === 0) return;
  await ownerDb()`insert into audit_log (organisation_id, occurred_at, actor_type, actor_user_id, action, target_type, target_id, metadata)
    select ${organisationId}, ${at(occurredAt)}, 'USER', ${actorId}, 'SENSITIVE_RECORD_VIEWED', ${targetType}, ${targetId}, ${ownerDb().json({ fields: ['diagnosis'] })}
    from generate_series(1, ${count})`;
}

/**
 * Twelve staff users read other people's records 13, 12, ... 2 times (medical treatments and incident reports), 90
 * reads in all. Left out: the first one's reads of their own national identifier, an employee's reads of their own
 * treatment, February's reads, and another action.
 */
export async function seedSensitiveReads(tenant: TestTenant): Promise<Accessor[]> {
  const org = tenant.id;
  const treatment = await createMedicalTreatment(org);
  const incident = await createIncidentReport(org);
  const accessors: Accessor[] = [];
  for (let i = 1; i <= 12; i++) {
    const user = await createUser(org, i % 3 === 0 ? 'ASSET_MANAGER' : 'ADMIN');
    const [person] = await ownerDb()`update persons set first_name = 'Accessor', last_name = ${`No ${String(i).padStart(2, '0')}`}
      where id = (select person_id from users where id = ${user.id}) returning id`;
    const reads = 14 - i;
    const medical = Math.ceil(reads / 2);
    const incidentReads = reads - medical;
    await insertReads(org, user.id, 'MEDICAL_TREATMENT', treatment, medical, `1990-01-${String(i + 1).padStart(2, '0')}T10:00:00Z`);
    await insertReads(org, user.id, 'INCIDENT_REPORT', incident, incidentReads, '1990-01-31T23:59:59Z');
    if (i === 1) await insertReads(org, user.id, 'PERSON', person!.id as string, 5, '1990-01-10T10:00:00Z');
    if (i === 12) await insertReads(org, user.id, 'MEDICAL_TREATMENT', treatment, 50, '1990-02-01T00:00:00Z');
    accessors.push({ ...user, name: `Accessor No ${String(i).padStart(2, '0')}`, email: `${user.subject}@example.test`, reads, medical, incident: incidentReads });
  }
  const ownPersonId = (await ownerDb()`select person_id from users where id = ${tenant.employee.id}`)[0]!.person_id as string;
  const own = await createMedicalTreatment(org, { person_id: ownPersonId });
  await insertReads(org, tenant.employee.id, 'MEDICAL_TREATMENT', own, 20, '1990-01-15T10:00:00Z');
  await ownerDb()`insert into audit_log (organisation_id, occurred_at, actor_type, actor_user_id, action, target_type, target_id)
    values (${org}, ${at('1990-01-15T10:00:00Z')}, 'USER', ${accessors[0]!.id}, 'PERSON_UPDATED', 'PERSON', ${treatment})`;
  return accessors;
}

/** A tenant that existed before January 1990, so the job reports on it. */
export async function createOldTenant(createdAt: string): Promise<TestTenant> {
  const tenant = await createTenant();
  await ownerDb()`update organisations set created_at = ${at(createdAt)} where id = ${tenant.id}`;
  return tenant;
}
