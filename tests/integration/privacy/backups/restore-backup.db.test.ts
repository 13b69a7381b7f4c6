import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectLedgerPostgres, type LedgerConnection } from '@/db/ledger/connect-ledger';
import { deletionLedger } from '@/db/ledger/schema';
import { activities, announcements, notifications } from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { DomainError } from '@/lib/platform/core/errors';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { exportTenantData } from '@/lib/privacy/backups/export-tenant-data';
import { readBackupFile } from '@/lib/privacy/backups/read-backup-file';
import { restoreBackup } from '@/lib/privacy/backups/restore-backup';
import { SCHEMA_VERSION } from '@/lib/privacy/backups/schema-version';
import { recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { ledgerSubjectKey } from '@/lib/privacy/erasure/pseudonym';
import { createActivity, createMedicalTreatment, createPerson, createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { insertRow } from '../../../support/insert-row';
import { insertLoan, jobDb } from '../../../support/job-db';
import { createEmptyOrganisation, sealBackupFile, testEncryption } from './restore-helpers';

const DIAGNOSIS = 'Grade 2 sprain of the left ankle';
const NATIONAL_ID = 'DE-1988-0412-77';

async function refusal(promise: Promise<unknown>): Promise<DomainError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  expect(error).toBeInstanceOf(DomainError);
  return error as DomainError;
}

const countIn = async (table: string, organisationId: string) => Number((await ownerDb().unsafe(`select count(*) from "${table}" where organisation_id = $1`, [organisationId]))[0]!.count);

describe('restoring a tenant backup into an empty organisation', () => {
  const encryption = testEncryption();
  const secret = inject('pseudonymSecret');
  let ledger: LedgerConnection;
  let source: TestTenant;
  let ada: string;
  let bystander: string;
  let treatment: string;
  let file: Buffer;
  let loanId: string;

  beforeAll(async () => {
    ledger = await connectLedgerPostgres(inject('ledgerDatabaseUrl'));
    source = await createTenant();
    ada = await createPerson(source.id, { first_name: 'Ada', last_name: 'Erased', official_email: `ada-${randomUUID()}@example.test`, identifier_national: null });
    bystander = await createPerson(source.id, { first_name: 'Grace', last_name: 'Kept', identifier_national: null });
    await withTenant(jobDb(), source.id, async (tx) => {
      const identifier = await encryptField(tx, { organisationId: source.id }, 'person.identifierNational', NATIONAL_ID, encryption);
      await tx.execute(`update persons set identifier_national = '\\x${identifier.toString('hex')}' where id = '${bystander}'`);
    });
    const diagnosis = await withTenant(jobDb(), source.id, (tx) => encryptField(tx, { organisationId: source.id }, 'medicalTreatment.diagnosis', DIAGNOSIS, encryption));
    const notes = await withTenant(jobDb(), source.id, (tx) => encryptField(tx, { organisationId: source.id }, 'medicalTreatment.detailedNotes', 'Rest for two weeks.', encryption));
    treatment = await createMedicalTreatment(source.id, { person_id: bystander, diagnosis, detailed_notes: notes });
    await createMedicalTreatment(source.id, { person_id: ada, diagnosis: await withTenant(jobDb(), source.id, (tx) => encryptField(tx, { organisationId: source.id }, 'medicalTreatment.diagnosis', 'Ada only', encryption)), detailed_notes: null });
    const parent = await createActivity(source.id, { person_id: bystander, title: 'Season' });
    await createActivity(source.id, { person_id: bystander, title: 'Match day', parent_activity_id: parent });
    ({ id: loanId } = await insertLoan(source, { startDate: '2026-12-01', endDate: '2026-12-05' }));
    await insertRow(announcements, { organisation_id: source.id, title: 'Season opener', body: 'Saturday at ten.', author_user_id: source.admin.id });
    await insertRow(notifications, { organisation_id: source.id, user_id: source.employee.id, kind: 'loan_approved', title: 'Approved', body: 'Your loan was approved.', loan_id: loanId, link: `/loans/${loanId}` });

    // 1. The backup, made before Ada's erasure.
    file = (await exportTenantData(jobDb(), source.id, new Date(), encryption.keyRing)).content;

    // 2. Ada is erased in the source: the ledger first, then the data.
    const now = new Date();
    await recordInLedger(ledger.db, { entryKey: `test:${randomUUID()}`, organisationId: source.id, subjectKey: ledgerSubjectKey(secret, source.id, ada), reason: 'erasure_request', scope: 'full', fields: [], effectiveAt: now });
    const { ctx } = createContext({ organisationId: source.id, user: null, requestId: 'test', now });
    await withTenant(jobDb(), source.id, (tx) => erasePerson(tx, ctx, ada, { scope: 'full' }, secret));
  });
  afterAll(() => ledger.close());

  it('seals the file: no row, name or ciphertext of the tenant can be read from it', async () => {
    const text = (await import('node:zlib')).gunzipSync(file).toString('utf8');
    expect(text).not.toContain('Grace');
    expect(text).not.toContain(bystander);
    const opened = await readBackupFile(file, encryption.keyRing);
    expect(opened.manifest).toMatchObject({ schemaVersion: SCHEMA_VERSION, organisation: { id: source.id, slug: source.slug } });
    expect(opened.tables.get('encryption_data_keys')!.map((row) => row.field_name).sort()).toEqual(['medicalTreatment.detailedNotes', 'medicalTreatment.diagnosis', 'person.identifierNational']);
    const stored = opened.tables.get('medical_treatments')!.find((row) => row.id === treatment)!;
    // Encrypted fields travel as stored, ciphertext, not as their plaintext.
    expect(stored.diagnosis).toMatch(/^\\x02/);
    expect(Buffer.from(String(stored.diagnosis).slice(2), 'hex').toString('latin1')).not.toContain('sprain');
  });

  it('restores every row under new ids, decrypts under the new keys, and erases Ada again from the ledger', async () => {
    const target = await createEmptyOrganisation();
    const result = await withTenant(jobDb(), target.id, (tx) => restoreBackup(tx, target.ctx, file, { encryption, ledger: ledger.db, secret }));
    const backup = await readBackupFile(file, encryption.keyRing);

    expect(result.erasedSubjects).toBe(1);
    expect(result.sourceOrganisation).toEqual({ name: `Tenant ${source.slug}`, slug: source.slug });
    for (const [table, rows] of backup.tables) {
      if (table === 'organisations' || table === 'encryption_data_keys') continue;
      expect(result.rowCounts[table], table).toBe(rows.length);
    }
    // The admin's own person and account, plus every restored one; the audit trail grows by the erasure and the restore.
    expect(await countIn('persons', target.id)).toBe(backup.tables.get('persons')!.length + 1);
    expect(await countIn('users', target.id)).toBe(backup.tables.get('users')!.length + 1);
    for (const table of ['assets', 'loans', 'medical_treatments', 'activities', 'notifications', 'categories', 'locations']) {
      expect(await countIn(table, target.id), table).toBe(await countIn(table, source.id));
    }
    expect(await countIn('audit_log', target.id)).toBeGreaterThanOrEqual(backup.tables.get('audit_log')!.length + 2);

    // No source id survives; foreign keys and ids inside text follow the renaming.
    const [loan] = await ownerDb()`select l.id, l.asset_id, a.organisation_id as asset_org from loans l join assets a on a.id = l.asset_id where l.organisation_id = ${target.id}`;
    expect(loan!.id).not.toBe(loanId);
    expect(loan!.asset_org).toBe(target.id);
    const [note] = await ownerDb()`select loan_id, link from notifications where organisation_id = ${target.id}`;
    expect(note).toEqual({ loan_id: loan!.id, link: `/loans/${loan!.id}` });
    const [child] = await ownerDb()`select c.parent_activity_id, p.title from activities c join activities p on p.id = c.parent_activity_id where c.organisation_id = ${target.id}`;
    expect(child!.title).toBe('Season');
    expect(await ownerDb()`select 1 from persons where organisation_id = ${target.id} and id in ${ownerDb()([ada, bystander])}`).toHaveLength(0);

    // The medical record decrypts to the original text under the target organisation's own data key.
    const [restored] = await ownerDb()`select m.diagnosis, m.detailed_notes, p.identifier_national from medical_treatments m join persons p on p.id = m.person_id where m.organisation_id = ${target.id} and p.first_name = 'Grace'`;
    await withTenant(jobDb(), target.id, async (tx) => {
      expect(await decryptField(tx, { organisationId: target.id }, 'medicalTreatment.diagnosis', restored!.diagnosis, encryption)).toBe(DIAGNOSIS);
      expect(await decryptField(tx, { organisationId: target.id }, 'medicalTreatment.detailedNotes', restored!.detailed_notes, encryption)).toBe('Rest for two weeks.');
      expect(await decryptField(tx, { organisationId: target.id }, 'person.identifierNational', restored!.identifier_national, encryption)).toBe(NATIONAL_ID);
    });
    const keyIds = await ownerDb()`select id from encryption_data_keys where organisation_id = ${target.id}`;
    expect(keyIds).toHaveLength(3);

    // Ada, erased in the source after the backup, is anonymised in the restored organisation; Grace is not.
    const people = await ownerDb()`select id, first_name, anonymized_at from persons where organisation_id = ${target.id} and first_name in ('Ada', 'Grace', 'ANONYMIZED') order by first_name`;
    expect(people.map((p) => p.first_name)).toEqual(['ANONYMIZED', 'Grace']);
    const restoredAda = people.find((p) => p.first_name === 'ANONYMIZED')!;
    expect(restoredAda.anonymized_at).not.toBeNull();
    const [adaRecord] = await ownerDb()`select person_id, subject_pseudonym from medical_treatments where organisation_id = ${target.id} and person_id is null`;
    expect(adaRecord!.subject_pseudonym).toMatch(/^anonymized_/);

    // The ledger now lists her for the new organisation, so a later database restore erases her there too.
    const entries = await ledger.db.select().from(deletionLedger).where(and(eq(deletionLedger.organisationId, target.id), eq(deletionLedger.subjectKey, ledgerSubjectKey(secret, target.id, restoredAda.id as string))));
    expect(entries).toHaveLength(1);
    expect(entries[0]!.entryKey).toMatch(/^restore:/);

    // The settings came along; the identity of the target stayed.
    const [organisation] = await ownerDb()`select slug, loan_policy from organisations where id = ${target.id}`;
    expect(organisation!.slug).toBe(target.slug);
    const [audit] = await ownerDb()`select actor_user_id, metadata from audit_log where organisation_id = ${target.id} and action = 'BACKUP_RESTORED'`;
    expect(audit!.actor_user_id).toBe(target.adminUserId);
    expect(audit!.metadata).toMatchObject({ sourceOrganisationId: source.id, erasedSubjects: 1 });

    // The source is untouched.
    expect(await countIn('persons', source.id)).toBe(backup.tables.get('persons')!.length);
    expect((await withTenant(jobDb(), target.id, (tx) => tx.select({ id: activities.id }).from(activities).where(eq(activities.organisationId, source.id)))).length).toBe(0);

    // A second restore into it is refused: it is no longer empty.
    const again = await refusal(withTenant(jobDb(), target.id, (tx) => restoreBackup(tx, target.ctx, file, { encryption, ledger: ledger.db, secret })));
    expect(again.code).toBe('RESTORE_TARGET_NOT_EMPTY');
    expect(again.message).toMatch(/only be restored into an empty organisation/);
  });

  it('refuses a file that is not a backup, one of another deployment and one of a newer version, and writes nothing', async () => {
    const target = await createEmptyOrganisation();
    const restore = (bytes: Buffer, deps = { encryption, ledger: ledger.db, secret }) => refusal(withTenant(jobDb(), target.id, (tx) => restoreBackup(tx, target.ctx, bytes, deps)));

    expect((await restore(Buffer.from('name,email\nAda,ada@example.test\n'))).code).toBe('BACKUP_FILE_INVALID');
    const other = testEncryption(randomBytes(96));
    const foreign = await restore(file, { encryption: other, ledger: ledger.db, secret });
    expect(foreign.code).toBe('BACKUP_FROM_ANOTHER_DEPLOYMENT');
    expect(foreign.message).toMatch(/another Quartermaster installation/);

    const opened = await readBackupFile(file, encryption.keyRing);
    const newer = await sealBackupFile({ ...opened.manifest, schemaVersion: SCHEMA_VERSION + 1 }, Object.fromEntries(opened.tables), encryption.keyRing);
    expect((await restore(newer)).code).toBe('BACKUP_FROM_NEWER_VERSION');

    // A value whose data key belongs to another field fails late, after rows of earlier tables were inserted: all of it rolls back.
    const tables = Object.fromEntries(opened.tables);
    const person = tables.persons!.find((row) => row.id === bystander)!;
    tables.medical_treatments = tables.medical_treatments!.map((row) => ({ ...row, diagnosis: person.identifier_national }));
    const damaged = await restore(await sealBackupFile(opened.manifest, tables, encryption.keyRing));
    expect(damaged.code).toBe('BACKUP_FILE_INVALID');
    expect(damaged.message).toMatch(/damaged/);

    for (const table of ['assets', 'loans', 'medical_treatments', 'activities']) expect(await countIn(table, target.id), table).toBe(0);
    expect(await countIn('persons', target.id)).toBe(1);
    expect(await ledger.db.select().from(deletionLedger).where(eq(deletionLedger.organisationId, target.id))).toEqual([]);
  });

  it("takes the restoring admin's own account of the source organisation as theirs", async () => {
    const target = await createEmptyOrganisation(source.admin.subject);
    await withTenant(jobDb(), target.id, (tx) => restoreBackup(tx, target.ctx, file, { encryption, ledger: ledger.db, secret }));
    const backup = await readBackupFile(file, encryption.keyRing);
    expect(await countIn('users', target.id)).toBe(backup.tables.get('users')!.length);
    expect(await countIn('persons', target.id)).toBe(backup.tables.get('persons')!.length);
    const accounts = await ownerDb()`select id from users where organisation_id = ${target.id} and idp_subject = ${source.admin.subject}`;
    expect(accounts.map((row) => row.id)).toEqual([target.adminUserId]);
    // What the source admin wrote is the restoring admin's.
    const [news] = await ownerDb()`select author_user_id from announcements where organisation_id = ${target.id} and title = 'Season opener'`;
    expect(news!.author_user_id).toBe(target.adminUserId);
  });
});
