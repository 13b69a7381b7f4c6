import { beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../../support/factories';
import { personIdOf } from '../../privacy/data-export/data-export-helpers';
import { type ApiAuditEntry, auditLogApi, auditLogMcp, backupAuditLog, ownDataExport } from './audit-read-paths';

// What a duty hides (docs/privacy/roles-and-duties.md) never reaches the audit log's readers: an ADMIN without the
// duty reads which fields of a donation, transaction, treatment, doping control or incident report changed,
// never their values, on every path the log leaves by. Entries written before this rule are read the same way.

let tenant: TestTenant;
let treasurer: TestUser;
let medic: TestUser;
let donor: TestUser;
const tokens = { treasurer: '', medic: '', donor: '', admin: '' };
let donorPerson: string;
const ids = { donation: '', transaction: '', treatment: '', antidoping: '', incident: '', legacy: '' };

// Values no reader without the duty may see: each is unique to this file, so a match means a leak.
const SECRET_VALUES = ['4711.00', 'Gala 2026 spring', 'INV-88321', 'NADA Testville', '9123.45', 'Legacy winter gala'];
const GUARDED = {
  DONATION: ['personId', 'amount', 'currency', 'donatedAt', 'campaign', 'anonymousToPublic'],
  FINANCIAL_TRANSACTION: ['personId', 'kind', 'amount', 'currency', 'occurredAt', 'reference'],
  MEDICAL_TREATMENT: ['personId', 'startedAt', 'treatmentEndedAt'],
  ANTIDOPING_RECORD: ['personId', 'testedAt', 'kind', 'authority'],
  INCIDENT_REPORT: ['personId', 'occurredAt', 'severity', 'status'],
} as const;

const api = (method: string, path: string, token: string, json?: unknown) => call(method, path, { tenant: tenant.slug, token, json });

async function created(res: Promise<{ status: number; body: any; text: string }>): Promise<string> {
  const answer = await res;
  expect(answer.status, answer.text).toBe(201);
  return answer.body.id;
}

beforeAll(async () => {
  tenant = await createTenant();
  [treasurer, medic, donor] = await Promise.all([createUser(tenant.id, 'EMPLOYEE'), createUser(tenant.id, 'EMPLOYEE'), createUser(tenant.id, 'EMPLOYEE')]);
  await ownerDb()`update users set duties = '{FINANCE}' where id = ${treasurer.id}`;
  await ownerDb()`update users set duties = '{MEDICAL}' where id = ${medic.id}`;
  [tokens.treasurer, tokens.medic, tokens.donor, tokens.admin] = await Promise.all([treasurer.token(), medic.token(), donor.token(), tenant.admin.token()]);
  donorPerson = await personIdOf(donor);
  ids.donation = await created(api('POST', '/api/v1/donations', tokens.treasurer, { personId: donorPerson, amount: '4711.00', currency: 'CHF', donatedAt: '2026-04-01T10:00:00Z', campaign: 'Gala 2026 spring' }));
  expect((await api('PATCH', `/api/v1/donations/${ids.donation}`, tokens.treasurer, { amount: '9123.45' })).status).toBe(200);
  ids.transaction = await created(api('POST', '/api/v1/financial-transactions', tokens.treasurer, { personId: donorPerson, kind: 'sponsorship', amount: '4711.00', occurredAt: '2026-04-02T10:00:00Z', reference: 'INV-88321' }));
  ids.treatment = await created(api('POST', '/api/v1/medical-treatments', tokens.medic, { personId: donorPerson, diagnosis: 'Sprained ankle', startedAt: '2026-04-03T10:00:00Z' }));
  ids.antidoping = await created(api('POST', '/api/v1/antidoping-records', tokens.medic, { personId: donorPerson, testedAt: '2026-04-04T10:00:00Z', kind: 'out_of_competition', authority: 'NADA Testville' }));
  ids.incident = await created(api('POST', '/api/v1/incident-reports', tokens.medic, { personId: donorPerson, occurredAt: '2026-04-05T10:00:00Z', severity: 'high', description: 'A fall.' }));
  // An entry as the platform wrote it before values of guarded fields were left out.
  const [legacy] = await ownerDb()`insert into audit_log (organisation_id, actor_type, actor_user_id, action, target_type, target_id, changes)
    values (${tenant.id}, 'USER', ${treasurer.id}, 'DONATION_RECORDED', 'DONATION', ${ids.donation},
      ${ownerDb().json({ personId: { before: null, after: donorPerson }, amount: { before: null, after: '5.00' }, campaign: { before: null, after: 'Legacy winter gala' } })}) returning id`;
  ids.legacy = String(legacy!.id);
});

/** Every entry about the five records, on one path: none carries a guarded value, each names what changed. */
function expectNamesOnly<T extends { targetType: string; targetId: string; changes: Record<string, unknown> | null; metadata: Record<string, unknown> | null }>(entries: T[]): T[] {
  const about = entries.filter((entry) => Object.values(ids).includes(entry.targetId) && entry.targetType in GUARDED);
  expect(about.length).toBeGreaterThanOrEqual(7);
  for (const entry of about) {
    const guarded: readonly string[] = GUARDED[entry.targetType as keyof typeof GUARDED];
    expect(Object.keys(entry.changes ?? {}).filter((field) => guarded.includes(field)), `${entry.targetType} ${entry.targetId}`).toEqual([]);
  }
  const text = JSON.stringify(about);
  for (const value of [...SECRET_VALUES, donorPerson]) expect(text).not.toContain(value);
  return about;
}

const asRows = (entries: ApiAuditEntry[]) => entries.map((entry) => ({ ...entry, targetType: entry.target.type, targetId: entry.target.id }));

describe('values of duty-guarded fields in the audit log', () => {
  it('are not written: the entry names the fields in metadata.fields, as for encrypted fields', async () => {
    const stored = await ownerDb()`select action, target_type, changes, metadata from audit_log where target_id in ${ownerDb()([ids.donation, ids.transaction, ids.treatment, ids.antidoping, ids.incident])}
      and action <> 'SENSITIVE_RECORD_VIEWED' and id <> ${ids.legacy} order by id`;
    expect(stored.map((row) => [row.action, row.changes])).toEqual([
      ['DONATION_RECORDED', {}],
      ['DONATION_UPDATED', {}],
      ['FINANCIAL_TRANSACTION_RECORDED', {}],
      ['MEDICAL_TREATMENT_CREATED', {}],
      ['ANTIDOPING_RECORD_CREATED', {}],
      ['INCIDENT_REPORT_FILED', {}],
    ]);
    expect(stored[0]!.metadata.fields).toEqual(expect.arrayContaining(['personId', 'amount', 'currency', 'donatedAt', 'campaign', 'anonymousToPublic']));
    expect(stored[1]!.metadata).toEqual({ fields: ['amount'], amount: { changed: true } });
    expect(stored[2]!.metadata.fields).toEqual(expect.arrayContaining(['kind', 'amount', 'reference', 'personId']));
    expect(stored[3]!.metadata.fields).toEqual(expect.arrayContaining(['diagnosis', 'personId', 'startedAt']));
    expect(stored[4]!.metadata.fields).toEqual(expect.arrayContaining(['result', 'personId', 'kind', 'authority', 'testedAt']));
    expect(stored[5]!.metadata.fields).toEqual(expect.arrayContaining(['description', 'personId']));
    const text = JSON.stringify(stored);
    for (const value of [...SECRET_VALUES, donorPerson]) expect(text).not.toContain(value);
  });

  it('are not shown by GET /api/v1/audit-log, entries written before this rule included', async () => {
    const { data } = await auditLogApi(tenant, tokens.admin, '');
    const about = expectNamesOnly(asRows(data));
    const legacy = data.find((entry) => entry.id === ids.legacy)!;
    expect(legacy).toMatchObject({ action: 'DONATION_RECORDED', changes: {}, metadata: { fields: ['personId', 'amount', 'campaign'] } });
    expect(about.find((entry) => entry.action === 'DONATION_UPDATED')!.metadata).toEqual({ fields: ['amount'], amount: { changed: true } });
  });

  it('are not shown by the MCP tool svc_get_audit_log', async () => {
    expectNamesOnly(asRows(await auditLogMcp(tenant, tokens.admin, {})));
  });

  it('cannot be read from a tenant backup: the file is sealed, and holds the entries unredacted for a restore', async () => {
    const { readable, sealedRows } = await backupAuditLog(tenant, tokens.admin, 'guarded-backup');
    for (const value of [...SECRET_VALUES, donorPerson]) expect(readable).not.toContain(value);
    expect(sealedRows.filter((row) => String(row.id) === ids.legacy)).toEqual([expect.objectContaining({ action: 'DONATION_RECORDED' })]);
    expect(JSON.stringify(sealedRows)).toContain('Legacy winter gala');
  });

  it("are not in the subject's own data export either: the records themselves carry them there", async () => {
    const document = await ownDataExport(tenant, tokens.donor, 'guarded-export');
    expect(document.donations).toEqual([expect.objectContaining({ id: ids.donation, amount: '9123.45', campaign: 'Gala 2026 spring' })]);
    expectNamesOnly(document.auditEntries);
  });
});
