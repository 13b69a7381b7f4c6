import { randomBytes } from 'node:crypto';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { inject } from 'vitest';
import type { Database } from '@/db/client';
import * as schema from '@/db/schema';
import { loans } from '@/db/schema';
import { insertAssets, ownerDb, type TestTenant } from './factories';
import { insertRow } from './insert-row';

let appSql: postgres.Sql | undefined;

/** The app's own connection (the RLS-bound login role), as the jobs get it in production. */
export function jobDb(): Database {
  appSql ??= postgres(inject('appDatabaseUrl'), { max: 6, onnotice: () => {} });
  return drizzle(appSql, { schema });
}

/**
 * The database as seen by `runners` concurrent job runs whose discovery queries (db.execute) all return before
 * any of them goes on: every run then holds the same due rows and they really race for them.
 */
export function racingDb(db: Database, runners: number): Database {
  let arrived = 0;
  let release: () => void = () => {};
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  return new Proxy(db, {
    get(target, property) {
      if (property !== 'execute') return Reflect.get(target, property, target);
      return async (...args: Parameters<Database['execute']>) => {
        const result = await target.execute(...args);
        if (++arrived === runners) release();
        await allArrived;
        return result;
      };
    },
  });
}

/** A clock the test moves by hand; jobs read it through `now()`. */
export function testClock(start: string | Date) {
  let current = new Date(start).getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => {
      current += ms;
    },
    set: (instant: string | Date) => {
      current = new Date(instant).getTime();
    },
  };
}

export type LoanSeed = { startDate: string; endDate: string; status?: 'APPROVED' | 'ACTIVE' | 'RETURNED'; requesterId?: string; assetName?: string };
export type SeededLoan = { id: string; assetId: string; assetName: string; requesterId: string };

/** A loan inserted directly (past approval and pick-up), on an asset of its own so no two loans overlap. */
export async function insertLoan(tenant: TestTenant, seed: LoanSeed): Promise<SeededLoan> {
  const assetName = seed.assetName ?? `Projector ${randomBytes(3).toString('hex')}`;
  const [assetId] = await insertAssets(tenant, [{ name: assetName, status: seed.status === 'ACTIVE' ? 'LOANED' : 'AVAILABLE' }]);
  const requesterId = seed.requesterId ?? tenant.employee.id;
  const id = await insertRow(loans, {
    organisation_id: tenant.id,
    asset_id: assetId!,
    requester_id: requesterId,
    approver_id: tenant.manager.id,
    decided_by_id: tenant.manager.id,
    status: seed.status ?? 'ACTIVE',
    start_date: seed.startDate,
    end_date: seed.endDate,
    purpose: 'Field trip',
    decided_at: new Date(),
    picked_up_at: seed.status === 'ACTIVE' || !seed.status ? new Date() : null,
  });
  return { id, assetId: assetId!, assetName, requesterId };
}

export async function setBranding(tenantId: string, branding: Record<string, unknown>): Promise<void> {
  await ownerDb()`update organisations set branding = ${ownerDb().json(branding as postgres.JSONValue)} where id = ${tenantId}`;
}

/** Outbox e-mails of one tenant, oldest first, as stored. */
export async function outboxRows(tenantId: string) {
  return ownerDb()`select id, idempotency_key, payload, status, attempts, next_attempt_at, last_error, delivered_via, provider_message_id, sent_at
    from outbox where organisation_id = ${tenantId} order by created_at, id`;
}

export async function notificationRows(tenantId: string) {
  return ownerDb()`select user_id, kind, title, body, loan_id from notifications where organisation_id = ${tenantId} order by created_at, id`;
}
