/**
 * Time of erasing one subject with 10,000 records (spec 001: erasure within 7 days of verification, legal limit
 * 30 days; issue 13: "in seconds"): `npm run bench:erasure [records]`. Builds its own database
 * (qm_bench_erasure), seeds one person with records of every kind erasePerson touches, then runs erasePerson in
 * one tenant transaction as the RLS-bound app role, as the erasure job does, prints the time and the counts per
 * kind, and checks that nothing of the subject's still names the person.
 */
import { randomBytes } from 'node:crypto';
import { createContext } from '@/lib/platform/core/context';
import { createFieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { erasePerson } from '@/lib/privacy/erasure/erase-person';
import { pseudonymFor } from '@/lib/privacy/erasure/pseudonym';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createBenchDatabase, seedSubject } from './lib/subject-seed';

const total = Number(process.argv[2] ?? 10_000);
const shares = {
  activities: 0.25,
  messages: 0.15,
  comments: 0.08,
  notifications: 0.08,
  donations: 0.05,
  financial: 0.05,
  antidoping: 0.04,
  incidents: 0.04,
  medical: 0.04,
  loans: 0.1,
  auditEntries: 0.1,
  queuedEmails: 0.02,
};

const bench = await createBenchDatabase('qm_bench_erasure');
const { owner, db } = bench;
const encryption = createFieldEncryption(createKeyRing(createLocalKeyProvider(randomBytes(96))), 300);
const seedStarted = performance.now();
const subject = await seedSubject(bench, { slug: 'bench-erasure', total, shares, encryption });
const seeded = Object.values(subject.counts).reduce((sum, n) => sum + n, 0);
console.log(`seeded ${seeded} records of one subject in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s`);

const secret = randomBytes(32).toString('base64url');
const { ctx } = createContext({ organisationId: subject.orgId, user: null, requestId: 'bench-erasure', now: new Date() });
const started = performance.now();
const counts = await withTenant(db, subject.orgId, (tx) => erasePerson(tx, ctx, subject.personId, { scope: 'full' }, secret));
const seconds = (performance.now() - started) / 1000;

const { personId, userId, email } = subject;
const pseudonym = pseudonymFor(secret, personId);
// What must no longer point at the person (all zero), and what must now carry the pseudonym instead.
const [left] = await owner`select
  (select count(*) from persons where id = ${personId} and (first_name <> 'ANONYMIZED' or official_email is not null or anonymized_at is null))::int as "person not anonymised",
  (select count(*) from users where id = ${userId} and (email is not null or is_active))::int as "account still open",
  (select count(*) from activities where person_id = ${personId})::int as activities,
  (select count(*) from messages where author_person_id = ${personId} or (author_anonymized and body <> '[deleted]'))::int as messages,
  (select count(*) from activity_comments where author_person_id = ${personId})::int as comments,
  (select count(*) from medical_treatments where person_id = ${personId})::int as "medical treatments",
  (select count(*) from donations where person_id = ${personId})::int as donations,
  (select count(*) from financial_transactions where person_id = ${personId})::int as "financial transactions",
  (select count(*) from antidoping_records where person_id = ${personId})::int as "anti-doping records",
  (select count(*) from incident_reports where person_id = ${personId})::int as "incident reports",
  (select count(*) from notifications where user_id = ${userId})::int as notifications,
  (select count(*) from conversation_participants where person_id = ${personId})::int as "conversation memberships",
  (select count(*) from audit_log where action <> 'anonymize_person'
     and (target_id in (${personId}, ${userId}) or changes::text like ${`%${personId}%`} or metadata::text like ${`%${personId}%`}))::int as "audit entries",
  (select count(*) from outbox where status = 'PENDING' or payload::text like ${`%${email}%`})::int as "queued e-mails"`;
const [repointed] = await owner`select
  (select count(*) from activities where subject_pseudonym = ${pseudonym})::int as activities,
  (select count(*) from medical_treatments where subject_pseudonym = ${pseudonym})::int as medical,
  (select count(*) from audit_log where target_id = ${pseudonym})::int as audit,
  (select count(*) from loans where requester_id = ${userId})::int as loans`;

console.log(`\nErasure of one subject (${new Date().toISOString().slice(0, 10)}, ${seeded} records): ${seconds.toFixed(2)} s in one transaction\n`);
console.log('| Kind | Seeded | Changed by erasePerson |\n|---|---|---|');
const changed: [string, number, number | undefined][] = [
  ['activities', subject.counts.activities, counts.activities],
  ['messages', subject.counts.messages, counts.messages],
  ['activity comments', subject.counts.comments, counts.activityComments],
  ['notifications', subject.counts.notifications, counts.notifications],
  ['donations', subject.counts.donations, counts.donations],
  ['financial transactions', subject.counts.financial, counts.financialTransactions],
  ['anti-doping records', subject.counts.antidoping, counts.antidopingRecords],
  ['incident reports', subject.counts.incidents, counts.incidentReports],
  ['medical treatments', subject.counts.medical, counts.medicalTreatments],
  ['audit entries', subject.counts.auditEntries, counts.auditEntries],
  ['queued e-mails', subject.counts.queuedEmails, counts.queuedEmails],
  ['loans (kept, borrower account anonymised)', subject.counts.loans, repointed!.loans],
];
for (const [kind, n, done] of changed) console.log(`| ${kind} | ${n} | ${done ?? 0} |`);

const failures = Object.entries(left!).filter(([, n]) => Number(n) > 0);
console.log(`\nCheck: ${failures.length === 0 ? 'PASS' : 'FAIL'}, nothing of the subject's names the person any more`);
for (const [kind, n] of Object.entries(left!)) console.log(`  ${kind}: ${n} left`);
console.log(`  pseudonym ${pseudonym.slice(0, 20)}…: ${repointed!.activities} activities, ${repointed!.medical} medical treatments, ${repointed!.audit} audit entries`);
await bench.end();
if (failures.length > 0) process.exitCode = 1;
