import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, rowsOf } from '@/db/client';
import { reconcileRegistry } from '@/lib/registry/jobs/reconcile-registry';
import { submitPersonChangeProposals } from '@/lib/registry/jobs/submit-person-change-proposals';
import { fanOutRegistryPerson } from '@/lib/registry/mirror/sync-registry-person';
import { createRegistrySimulator, type RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { insertPerson } from '@/scripts/registry-simulator/registry-store';
import { call } from '../../support/api';
import { createTenant, createUser, ownerDb, type TestTenant, type TestUser } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { adapterFor, serverEncryption, simulatorKey } from './registry-helpers';

// Both sides change the same field of the same persons at once: local official-e-mail proposals go through
// propose -> approve -> submit while the registry's own staff edit those e-mails (each edit sends its webhook).
// Whatever the interleaving, no change may be lost without anyone being told.
//
// Other files run at the same time and their jobs sweep every tenant, so this file keeps to itself: its registry
// ids (P-7xxxxx) are its own, its jobs see only its tenant (scopedDb), and its registry's webhooks go to a receiver
// here that does per delivery what the process-registry-webhooks job does (fetch the person, fan the merge out)
// instead of the shared deliveries table, which the other files watch.
const COUNT = 200;
const BATCH = 20;
const HOUR = 60 * 60_000;
const silent = { info: () => {}, warn: () => {}, error: () => {} };

let registry: RegistrySimulator;
let receiver: Server;
let tenant: TestTenant;
let inFlight = 0;
const failures: unknown[] = [];
type Member = { user: TestUser; personId: string; registryId: string; local: string; remote: string; proposalId?: string; basedOn?: string };
const members: Member[] = [];

/** The job database, its cross-tenant discovery functions answering for this file's tenant only. */
function scopedDb(): Database {
  const db = jobDb();
  return new Proxy(db, {
    get(target, property) {
      if (property === 'execute') {
        return async (query: Parameters<Database['execute']>[0]) => rowsOf<{ organisation_id?: string }>(await target.execute(query)).filter((row) => row.organisation_id === undefined || row.organisation_id === tenant.id);
      }
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

const submitJob = (now: () => Date = () => new Date()) =>
  submitPersonChangeProposals({ db: scopedDb(), now, registry: adapterFor(registry), encryption: serverEncryption(), log: silent, batch: 50 });

/** One delivery as the webhook job handles it: the person's current state from the registry, merged into each mirror. */
async function receive(body: { personId?: string; submissionId?: string; deliveryId: string; event: string }) {
  if (!body.personId) return;
  const person = await adapterFor(registry).getPerson(body.personId);
  if (!person) return;
  await fanOutRegistryPerson(
    { db: jobDb(), now: () => new Date(), runId: `test-${body.deliveryId}`, encryption: serverEncryption() },
    { registryPerson: person, submissionId: body.submissionId ?? null, source: { via: 'webhook', deliveryId: body.deliveryId, event: body.event, secretIndex: null } },
  );
}

async function receiverIdle() {
  await registry.control.settle();
  while (inFlight > 0) await sleep(20);
}

/** Runs tasks at most `limit` at a time: the point is interleaving, not a stampede on a 2-core machine. */
async function inBatches<T>(items: T[], limit: number, task: (item: T, index: number) => Promise<void>) {
  let next = 0;
  await Promise.all(Array.from({ length: limit }, async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index]!, index);
    }
  }));
}

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let text = '';
    req.on('data', (chunk: Buffer) => (text += chunk.toString()));
    req.on('end', () => {
      inFlight += 1;
      res.writeHead(202).end();
      receive(JSON.parse(text))
        .catch((error: unknown) => failures.push(error))
        .finally(() => (inFlight -= 1));
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  registry = await createRegistrySimulator({
    port: 0,
    apiKeys: [simulatorKey],
    webhook: { url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/`, secrets: ['proposal-concurrency-test-secret'] },
    webhookRetryDelaysMs: [20, 20, 20],
  });
  registry.store.nextPersonNumber = 700_001;
  tenant = await createTenant();
  const users: TestUser[] = [];
  await inBatches(Array.from({ length: COUNT }), BATCH, async () => {
    users.push(await createUser(tenant.id, 'EMPLOYEE'));
  });
  const sql = ownerDb();
  for (const [index, user] of users.entries()) {
    const remote = insertPerson(registry.store, { firstName: 'Race', lastName: `Member ${index}`, birthDate: '1990-01-01', nationalIdentifier: null, nationality: 'DE', officialEmail: `member-${index}@registry.example`, organizationIds: [] }, new Date());
    const [person] = await sql`select person_id from users where id = ${user.id}`;
    const base = { firstName: remote.firstName, lastName: remote.lastName, birthDate: remote.birthDate, identifierNational: null, nationality: remote.nationality, officialEmail: remote.officialEmail, registryUpdatedAt: remote.updatedAt };
    await sql`update persons set first_name = ${remote.firstName}, last_name = ${remote.lastName}, birth_date = ${remote.birthDate}, nationality = ${remote.nationality},
      official_email = ${remote.officialEmail}, identifier_national = null, registry_id = ${remote.id}, sync_status = 'synced', registry_base = ${sql.json(base)}, last_synced_at = now()
      where id = ${person!.person_id}`;
    members.push({ user, personId: person!.person_id as string, registryId: remote.id, local: `proposed-${index}@club.example`, remote: `registry-${index}@registry.example` });
  }
}, 180_000);

afterAll(async () => {
  await registry?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

describe('local proposals and registry edits of the same official e-mails at once', () => {
  it('ends with both sides agreeing on every person, or the person in conflict with an admin alert; nothing lost silently', async () => {
    const started = Date.now();
    const adminToken = await tenant.admin.token();
    let localDone = false;

    const local = inBatches(members, BATCH, async (member) => {
      const proposed = await call('POST', '/api/v1/profile/change-requests', { tenant: tenant.slug, token: await member.user.token(), json: { officialEmail: member.local } });
      expect(proposed.status, JSON.stringify(proposed.body)).toBe(200);
      member.proposalId = proposed.body.id;
      member.basedOn = proposed.body.fields.officialEmail.from;
      const approved = await call('POST', `/api/v1/person-change-proposals/${proposed.body.id}/approve`, { tenant: tenant.slug, token: adminToken });
      expect(approved.status, JSON.stringify(approved.body)).toBe(200);
    }).finally(() => {
      localDone = true;
    });
    // The submission job as its event would run it, again and again while approvals come in.
    const submitting = (async () => {
      while (!localDone) {
        await submitJob();
        await sleep(50);
      }
      await submitJob();
    })();
    // The registry's staff edit the same persons meanwhile, spread over the time the local side takes.
    const registryEdits = inBatches(members, 4, async (member, index) => {
      await sleep((index % 50) * 20);
      registry.control.updatePerson(member.registryId, { officialEmail: member.remote });
    });
    await Promise.all([local, submitting, registryEdits]);

    await receiverIdle();
    for (let round = 0; round < 20; round++) {
      const result = await submitJob(() => new Date(Date.now() + 48 * HOUR));
      await receiverIdle();
      const [open] = await ownerDb()`select count(*)::int as n from person_change_requests where organisation_id = ${tenant.id} and status in ('approved_locally', 'submitted')`;
      if (open!.n === 0 && result.submitted === 0 && result.accepted === 0 && result.rejected === 0) break;
    }
    await reconcileRegistry({ db: scopedDb(), now: () => new Date(), registry: adapterFor(registry), encryption: serverEncryption(), log: silent, pageSize: 100 });
    expect(failures).toEqual([]);

    const rows = await ownerDb()`select id, first_name, last_name, official_email, sync_status, registry_base from persons where organisation_id = ${tenant.id} and registry_id is not null`;
    const byId = new Map(rows.map((row) => [row.id as string, row]));
    const proposals = await ownerDb()`select id, status, rejection_reason from person_change_requests where organisation_id = ${tenant.id}`;
    const proposalById = new Map(proposals.map((row) => [row.id as string, row]));
    const alerts = await ownerDb()`select title from notifications where organisation_id = ${tenant.id} and user_id = ${tenant.admin.id} and kind = 'REGISTRY_SYNC_CONFLICT'`;
    // The alert names the person, not the registry's identifier.
    const alerted = (member: Member) => {
      const person = byId.get(member.personId)!;
      return alerts.some((alert) => alert.title === `Registry conflict: ${person.first_name} ${person.last_name}`);
    };
    // Which change the registry applied last, per person: an accepted proposal carries its submission id.
    const emailEvents = registry.control
      .deliveries()
      .flatMap((d) => (d.body && 'personId' in d.body && d.body.changedFields.includes('officialEmail') ? [{ personId: d.body.personId, submissionId: d.body.submissionId ?? null }] : []));
    const tally = { synced: 0, conflict: 0, proposalLast: 0, registryLast: 0, rejected: 0 };

    for (const member of members) {
      const row = byId.get(member.personId)!;
      const remote = registry.store.persons.get(member.registryId)!;
      const proposal = proposalById.get(member.proposalId!)!;
      expect(row.official_email, member.registryId).toBe(remote.officialEmail);
      expect(row.registry_base.officialEmail, member.registryId).toBe(remote.officialEmail);
      expect(['accepted', 'rejected'], member.registryId).toContain(proposal.status);
      expect(['synced', 'conflict'], member.registryId).toContain(row.sync_status);
      if (row.sync_status === 'conflict') {
        tally.conflict++;
        expect(alerted(member), `${member.registryId} is in conflict without an alert`).toBe(true);
      } else tally.synced++;
      const events = emailEvents.filter((event) => event.personId === member.registryId);
      if (events.at(-1)!.submissionId) {
        // The registry took the proposal last: its value, on both sides, and the proposal accepted.
        tally.proposalLast++;
        expect(remote.officialEmail).toBe(member.local);
        expect(proposal.status).toBe('accepted');
      } else {
        // The registry's own edit came last: it stands on both sides, never overwritten by the older local value.
        tally.registryLast++;
        expect(remote.officialEmail).toBe(member.remote);
      }
      if (proposal.status === 'rejected') {
        tally.rejected++;
        expect(proposal.rejection_reason).toEqual(expect.any(String));
      }
      // A registry edit the proposal was not based on, then overwritten by that proposal, is a lost update:
      // only acceptable when an admin was told.
      const edited = events.findIndex((event) => !event.submissionId);
      const acceptedAfter = events.findIndex((event, index) => index > edited && event.submissionId !== null);
      if (edited >= 0 && acceptedAfter > edited && remote.officialEmail === member.local && member.basedOn !== member.remote) {
        expect(row.sync_status === 'conflict' && alerted(member), `${member.registryId}: the registry's edit was overwritten silently`).toBe(true);
      }
    }
    console.info(`proposal concurrency: ${JSON.stringify(tally)} in ${Date.now() - started} ms`);
    expect(tally.synced + tally.conflict).toBe(COUNT);
    // The interleavings this test is about all happened: proposals the registry took last, edits that came last.
    expect(tally.proposalLast).toBeGreaterThan(0);
    expect(tally.registryLast).toBeGreaterThan(0);
    expect(Date.now() - started).toBeLessThan(90_000);
  }, 120_000);
});
