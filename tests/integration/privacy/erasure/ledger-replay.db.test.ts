import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { connectLedgerPglite, connectLedgerPostgres, type LedgerConnection } from '@/db/ledger/connect-ledger';
import * as schema from '@/db/schema';
import { createContext } from '@/lib/platform/core/context';
import { recordInLedger } from '@/lib/privacy/erasure/deletion-ledger';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { erasedSignInMarker } from '@/lib/privacy/erasure/erased-sign-in';
import { ledgerSubjectKey, pseudonymFor } from '@/lib/privacy/erasure/pseudonym';
import { replayLedger } from '@/lib/privacy/erasure/replay-ledger';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createMedicalTreatment, createMessage, createPerson, createTenant, ownerDb, type TestTenant } from '../../../support/factories';
import { jobDb } from '../../../support/job-db';
import { databaseUrl, testDatabase } from '../../../support/test-env';

const run = promisify(execFile);

describe('the deletion ledger after a restore (spec 001, DESIGN.md)', () => {
  let tenant: TestTenant;
  let ledger: LedgerConnection;
  let workDir: string;
  const restoredName = `${testDatabase.name}_restored_${randomUUID().slice(0, 8)}`;
  const admin = () => postgres(testDatabase.adminUrl, { max: 1, onnotice: () => {} });

  beforeAll(async () => {
    tenant = await createTenant();
    ledger = await connectLedgerPostgres(inject('ledgerDatabaseUrl'));
    workDir = await mkdtemp(path.join(tmpdir(), 'qm-ledger-'));
  });
  afterAll(async () => {
    await ledger.close();
    const sql = admin();
    await sql.unsafe(`DROP DATABASE IF EXISTS "${restoredName}" WITH (FORCE)`);
    await sql.end();
    await rm(workDir, { recursive: true, force: true });
  });

  it('re-erases a subject restored from a dump taken before the erasure, and leaves the ledger as it was', async () => {
    const secret = inject('pseudonymSecret');
    const personId = await createPerson(tenant.id, { first_name: 'Ada', last_name: 'Restored', official_email: `ada-${randomUUID()}@example.test`, phone: '+44 20 7946 0000' });
    const messageId = await createMessage(tenant.id, { author_person_id: personId, body: 'Back from the dead?' });
    const treatmentId = await createMedicalTreatment(tenant.id, { person_id: personId });
    const bystander = await createPerson(tenant.id, { first_name: 'Grace', last_name: 'Untouched' });
    const idpSubject = `replayed-${randomUUID()}`;
    const [account] = await ownerDb()`insert into users (organisation_id, person_id, idp_subject, email, role) values (${tenant.id}, ${personId}, ${idpSubject}, ${`${idpSubject}@example.test`}, 'EMPLOYEE') returning id`;

    // 1. The backup, taken before the erasure.
    const dump = path.join(workDir, 'tenant.dump');
    await run('pg_dump', ['-Fc', '-f', dump, inject('ownerDatabaseUrl')]);

    // 2. The erasure: the ledger first, then the data.
    const now = new Date(Date.now() + 60_000);
    await recordInLedger(ledger.db, { entryKey: `test:${randomUUID()}`, organisationId: tenant.id, subjectKey: ledgerSubjectKey(secret, tenant.id, personId), reason: 'erasure_request', scope: 'full', fields: [], effectiveAt: now });
    const { ctx } = createContext({ organisationId: tenant.id, user: null, requestId: 'test', now });
    await withTenant(jobDb(), tenant.id, (tx) => erasePerson(tx, ctx, personId, { scope: 'full' }, secret));
    const ledgerBefore = await ledger.db.select().from((await import('@/db/ledger/schema')).deletionLedger);

    // 3. The restore into a fresh database: the subject is back.
    const sql = admin();
    await sql.unsafe(`CREATE DATABASE "${restoredName}"`);
    await sql.end();
    const restoredOwnerUrl = databaseUrl(testDatabase.adminUrl, restoredName);
    await run('pg_restore', ['--no-owner', '--exit-on-error', '-d', restoredOwnerUrl, dump]).catch(async () => {
      // Object ownership differs between clusters; a plain restore with owners kept is what a same-cluster restore does.
      await run('pg_restore', ['--exit-on-error', '-d', restoredOwnerUrl, dump]);
    });
    const restored = postgres(restoredOwnerUrl, { max: 1, onnotice: () => {} });
    try {
      expect((await restored`select first_name from persons where id = ${personId}`)[0]!.first_name).toBe('Ada');

      // 4. The replay, as the app's login role on the restored database.
      const appSql = postgres(databaseUrl(testDatabase.adminUrl, restoredName, testDatabase.appRole), { max: 2, onnotice: () => {} });
      try {
        const result = await replayLedger({ db: drizzle(appSql, { schema }), ledger: ledger.db, secret, now: () => now, runId: 'test-replay' });
        expect(result.reErased).toBeGreaterThanOrEqual(1);
        const again = await replayLedger({ db: drizzle(appSql, { schema }), ledger: ledger.db, secret, now: () => now, runId: 'test-replay-2' });
        expect(again.reErased).toBe(0);
      } finally {
        await appSql.end();
      }

      const [person] = await restored`select first_name, last_name, official_email, phone, anonymized_at from persons where id = ${personId}`;
      expect(person).toEqual({ first_name: 'ANONYMIZED', last_name: 'ANONYMIZED', official_email: null, phone: null, anonymized_at: now });
      expect((await restored`select body, author_person_id from messages where id = ${messageId}`)[0]).toEqual({ body: '[deleted]', author_person_id: null });
      expect((await restored`select person_id, subject_pseudonym from medical_treatments where id = ${treatmentId}`)[0]).toEqual({ person_id: null, subject_pseudonym: pseudonymFor(secret, personId) });
      expect((await restored`select first_name from persons where id = ${bystander}`)[0]!.first_name).toBe('Grace');
      // The refusal of the erased sign-in identity lives on the account row, so the replay puts it back too.
      expect((await restored`select idp_subject, is_active, email from users where id = ${account!.id}`)[0]).toEqual({
        idp_subject: erasedSignInMarker(secret, tenant.id, idpSubject, 'erasure_request'),
        is_active: false,
        email: null,
      });
    } finally {
      await restored.end();
    }
    const ledgerAfter = await ledger.db.select().from((await import('@/db/ledger/schema')).deletionLedger);
    expect(ledgerAfter).toEqual(ledgerBefore);
    // The original database is erased too, and the replay never touched it.
    expect((await ownerDb()`select first_name from persons where id = ${personId}`)[0]!.first_name).toBe('ANONYMIZED');
  });

  it('keeps the erased mark of a partial erasure: a replay restores a mark that is missing, so the registry sync never writes the field back (issue 23, item 7)', async () => {
    const secret = inject('pseudonymSecret');
    // A ledger of this test's own: replaying the shared one would reach every other file's subjects.
    const own = await connectLedgerPglite(path.join(workDir, 'own-ledger'));
    try {
      // Born on 1 January: the erased birth date (the year only) looks exactly like the stored one.
      const personId = await createPerson(tenant.id, { first_name: 'Jan', last_name: 'Uary', birth_date: '1990-01-01', registry_id: `P-${randomUUID()}`, sync_status: 'synced' });
      const now = new Date(Date.now() + 60_000);
      await recordInLedger(own.db, { entryKey: `test:${randomUUID()}`, organisationId: tenant.id, subjectKey: ledgerSubjectKey(secret, tenant.id, personId), reason: 'erasure_request', scope: 'partial', fields: ['birthDate'], effectiveAt: now });
      const { ctx } = createContext({ organisationId: tenant.id, user: null, requestId: 'test', now });
      await withTenant(jobDb(), tenant.id, (tx) => erasePerson(tx, ctx, personId, { scope: 'partial', fields: ['birthDate'] }, secret));
      const mark = async () => (await ownerDb()`select erased_fields, birth_date::text as birth_date from persons where id = ${personId}`)[0];
      expect(await mark()).toEqual({ erased_fields: ['birthDate'], birth_date: '1990-01-01' });

      // A restore from a backup taken before the erasure (or a database erased before the mark existed): the value
      // looks erased, the mark is gone.
      await ownerDb()`update persons set erased_fields = '{}' where id = ${personId}`;
      const replay = await replayLedger({ db: jobDb(), ledger: own.db, secret, now: () => now, runId: 'test-replay-mark' });
      expect(replay).toMatchObject({ entries: 1, reErased: 1 });
      expect(await mark()).toEqual({ erased_fields: ['birthDate'], birth_date: '1990-01-01' });
      expect(await replayLedger({ db: jobDb(), ledger: own.db, secret, now: () => now, runId: 'test-replay-mark-2' })).toMatchObject({ reErased: 0, alreadyErased: 1 });
    } finally {
      await own.close();
    }
  });

  it('the ledger holds no name, address or person id, and refuses changes', async () => {
    const rows = await ledger.db.select().from((await import('@/db/ledger/schema')).deletionLedger);
    const text = JSON.stringify(rows);
    expect(text).not.toMatch(/Ada|Restored|example\.test/);
    const people = await ownerDb()`select id::text from persons where organisation_id = ${tenant.id}`;
    for (const p of people) expect(text).not.toContain(p.id);
    const sql = postgres(inject('ledgerDatabaseUrl'), { max: 1, onnotice: () => {} });
    try {
      await expect(sql`update deletion_ledger set scope = 'partial'`).rejects.toThrow(/append-only/);
      await expect(sql`delete from deletion_ledger`).rejects.toThrow(/append-only/);
      await expect(sql`truncate deletion_ledger`).rejects.toThrow(/append-only/);
    } finally {
      await sql.end();
    }
  });
});
