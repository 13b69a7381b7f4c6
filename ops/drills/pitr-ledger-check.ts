// Drill (a)'s writing and checking steps, run by ops/drills/pitr-ledger.sh against the topology and the running
// app: `before` writes loans and messages, `erase` carries out a real erasure (request filed by the subject,
// verified by an admin, the job), `after` writes more, `verify` checks the restored database, `verify-again`
// checks that a restart replayed nothing. State passes between steps in $QM_OPS_DIR/drill-pitr.json.
import { randomUUID } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { connectLedgerPostgres } from '@/db/ledger/connect-ledger';
import { rowsOf } from '@/db/client';
import * as schema from '@/db/schema';
import { createContext, type TenantOrganisation } from '@/lib/platform/core/context';
import { driverSessionOptions } from '@/lib/platform/db/database-url';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { fileDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/file-deletion-request';
import { verifyDeletionRequest } from '@/lib/privacy/erasure/deletion-requests/verify-deletion-request';
import { processDataDeletions } from '@/lib/privacy/jobs/process-data-deletions';

type State = { organisationId: string; subjectPersonId: string; beforeLoans: string[]; beforeMessages: string[]; afterLoans: string[]; replayedAt?: string };
type Acting = { id: string; person_id: string; role: 'ADMIN' | 'ASSET_MANAGER' | 'EMPLOYEE' };

const env = (name: string) => process.env[name] ?? (() => { throw new Error(`${name} is required.`); })();
const stateFile = `${env('QM_OPS_DIR')}/drill-pitr.json`;
const appUrl = env('DATABASE_URL');
const ownerUrl = env('DATABASE_OWNER_URL');
const owner = postgres(ownerUrl, { max: 2, onnotice: () => {}, ...driverSessionOptions(ownerUrl) });
const appClient = postgres(appUrl, { max: 4, onnotice: () => {}, ...driverSessionOptions(appUrl) });
const db = drizzle(appClient, { schema });
const readState = (): State => JSON.parse(readFileSync(stateFile, 'utf8')) as State;
const saveState = (state: State) => writeFileSync(stateFile, JSON.stringify(state, null, 2));

async function tenant(): Promise<TenantOrganisation> {
  const [org] = await owner<TenantOrganisation[]>`
    select id, slug, name, plan_tier as "planTier", custom_rate_limits as "customRateLimits", custom_domain as "customDomain"
    from organisations where slug = 'acme'`;
  if (!org) throw new Error('The seeded tenant acme is missing: start the app with SEED_DEMO_DATA=true first.');
  return org;
}

async function usersOf(organisationId: string, role: Acting['role']): Promise<Acting[]> {
  return owner<Acting[]>`select id, person_id, role from users where organisation_id = ${organisationId} and role = ${role} and person_id is not null order by id`;
}

/** Loans (each PENDING_APPROVAL, so no availability rule refuses them) and messages, as the app role writes them. */
async function writeLoans(organisationId: string, requesterId: string, count: number, tag: string): Promise<string[]> {
  const [asset] = await owner<{ id: string }[]>`select id from assets where organisation_id = ${organisationId} order by id limit 1`;
  return withTenant(db, organisationId, async (tx) => {
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      const rows = rowsOf<{ id: string }>(await tx.execute(sql`
        insert into loans (organisation_id, asset_id, requester_id, status, start_date, end_date, purpose)
        values (${organisationId}, ${asset!.id}, ${requesterId}, 'PENDING_APPROVAL', current_date + ${30 + i}::int, current_date + ${31 + i}::int, ${`Restore drill ${tag} ${i + 1}`})
        returning id`));
      ids.push(rows[0]!.id);
    }
    return ids;
  });
}

async function writeMessages(organisationId: string, authorPersonIds: string[]): Promise<string[]> {
  return withTenant(db, organisationId, async (tx) => {
    const [conversation] = rowsOf<{ id: string }>(await tx.execute(sql`insert into conversations (organisation_id, kind, title) values (${organisationId}, 'general', 'Restore drill') returning id`));
    const ids: string[] = [];
    for (const [i, author] of authorPersonIds.entries()) {
      const [row] = rowsOf<{ id: string }>(await tx.execute(sql`
        insert into messages (organisation_id, conversation_id, author_person_id, author_anonymized, body)
        values (${organisationId}, ${conversation!.id}, ${author}, false, ${`Restore drill message ${i + 1}: call me on 0207 946 000${i}.`})
        returning id`));
      ids.push(row!.id);
    }
    return ids;
  });
}

async function before(): Promise<void> {
  const org = await tenant();
  const [requester, subject] = await usersOf(org.id, 'EMPLOYEE');
  if (!requester || !subject) throw new Error('The seeded tenant needs two employees.');
  const beforeLoans = await writeLoans(org.id, requester.id, 25, 'before');
  const beforeMessages = await writeMessages(org.id, [subject.person_id, requester.person_id, subject.person_id]);
  saveState({ organisationId: org.id, subjectPersonId: subject.person_id, beforeLoans, beforeMessages, afterLoans: [] });
  console.log(`Wrote ${beforeLoans.length} loans and ${beforeMessages.length} messages.`);
}

async function erase(): Promise<void> {
  const state = readState();
  const organisation = await tenant();
  const [admin] = await usersOf(organisation.id, 'ADMIN');
  const [subject] = await owner<Acting[]>`select id, person_id, role from users where person_id = ${state.subjectPersonId}`;
  const asUser = (user: Acting) => createContext({ organisation, user: { id: user.id, personId: user.person_id, role: user.role, duties: [] } }).ctx;
  const filed = await withTenant(db, organisation.id, (tx) => fileDeletionRequest(tx, asUser(subject!), { scope: 'full' }));
  await withTenant(db, organisation.id, (tx) => verifyDeletionRequest(tx, asUser(admin!), filed.request.id, { method: 'in_person', note: 'Restore drill' }));
  const ledger = await connectLedgerPostgres(env('LEDGER_DATABASE_URL'));
  try {
    const result = await processDataDeletions({
      db,
      now: () => new Date(),
      runId: `restore-drill-${randomUUID()}`,
      privacy: async () => ({ ledger: ledger.db, secret: env('PSEUDONYM_SECRET') }),
    });
    if (result.completed < 1) throw new Error('The erasure job completed no request.');
  } finally {
    await ledger.close();
  }
  const [person] = await owner`select anonymized_at from persons where id = ${state.subjectPersonId}`;
  if (!person?.anonymized_at) throw new Error('The subject was not erased by the job.');
  console.log('The subject filed an erasure request, an admin verified it and the job erased the person.');
}

async function after(): Promise<void> {
  const state = readState();
  const [requester] = await usersOf(state.organisationId, 'EMPLOYEE');
  state.afterLoans = await writeLoans(state.organisationId, requester!.id, 10, 'after');
  saveState(state);
  console.log(`Wrote ${state.afterLoans.length} loans after the erasure.`);
}

async function markers() {
  return owner<{ id: string; ledger_replayed_at: Date | null }[]>`select id, ledger_replayed_at from restore_markers order by id`;
}

async function verify(again: boolean): Promise<boolean> {
  const state = readState();
  const [loans] = await owner<{ n: number }[]>`select count(*)::int as n from loans where id = any(${state.beforeLoans}::uuid[])`;
  const [messages] = await owner<{ n: number }[]>`select count(*)::int as n from messages where id = any(${state.beforeMessages}::uuid[])`;
  const [subject] = await owner<{ anonymized_at: Date | null; first_name: string }[]>`select anonymized_at, first_name from persons where id = ${state.subjectPersonId}`;
  const [subjectMessages] = await owner<{ n: number }[]>`
    select count(*)::int as n from messages where id = any(${state.beforeMessages}::uuid[]) and author_person_id = ${state.subjectPersonId}`;
  const [afterLoans] = await owner<{ n: number }[]>`select count(*)::int as n from loans where id = any(${state.afterLoans}::uuid[])`;
  const marks = await markers();
  const rowsLost = state.beforeLoans.length + state.beforeMessages.length - loans!.n - messages!.n;
  const resurrected = subject?.anonymized_at && subjectMessages!.n === 0 ? 0 : 1;
  const replayed = marks.filter((m) => m.ledger_replayed_at);
  const replayedAt = replayed[0]?.ledger_replayed_at?.toISOString();
  const problems = [
    rowsLost !== 0 && `${rowsLost} row(s) written before the target time are missing`,
    resurrected !== 0 && 'the erased subject is back',
    marks.length !== 1 && `${marks.length} restore markers instead of one`,
    replayed.length !== 1 && 'the restore marker was not consumed by a ledger replay',
    again && replayedAt !== state.replayedAt && 'the ledger was replayed again on a restart',
  ].filter(Boolean);
  if (!again) saveState({ ...state, replayedAt });
  console.log(
    JSON.stringify({ rowsLostBeforeTarget: rowsLost, subjectsResurrected: resurrected, loansWrittenAfterTarget: afterLoans!.n, restoreMarkers: marks.length, ledgerReplays: replayed.length }),
  );
  for (const problem of problems) console.error(`Broken promise: ${problem}.`);
  return problems.length === 0;
}

const step = process.argv[2];
let ok = true;
try {
  if (step === 'before') await before();
  else if (step === 'erase') await erase();
  else if (step === 'after') await after();
  else if (step === 'verify' || step === 'verify-again') ok = await verify(step === 'verify-again');
  else throw new Error('Usage: pitr-ledger-check.ts before|erase|after|verify|verify-again');
} finally {
  await Promise.all([owner.end({ timeout: 5 }), appClient.end({ timeout: 5 })]);
}
if (!ok) process.exit(1);
