import { sql } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '@/db/client';
import { pipelined } from '@/lib/platform/db/pipelined';

export const APP_ROLE = 'quartermaster_app';

const SCOPE_SQL = "select set_config('role', $1, true), set_config('app.organisation_id', $2, true)";

type PostgresJsQuery = Promise<unknown> & { execute(): PostgresJsQuery };
type PostgresJsClient = { unsafe(text: string, parameters: string[]): PostgresJsQuery };

/** The transaction's postgres.js client (drizzle keeps it on the session), or null on PGlite. */
function postgresJsClient(tx: Tx): PostgresJsClient | null {
  const client = (tx as unknown as { session?: { client?: Partial<PostgresJsClient> } }).session?.client;
  return typeof client?.unsafe === 'function' ? (client as PostgresJsClient) : null;
}

/**
 * Runs `fn` in a transaction scoped to one tenant: as the RLS-bound app role, with app.organisation_id set
 * for this transaction only, so a pooled connection never carries a tenant into the next request.
 *
 * On postgres.js the scoping statement is sent before `fn` runs and `fn`'s first query follows it without
 * waiting for its answer (one round trip less per request). PostgreSQL runs a connection's statements in the
 * order they arrive, and postgres.js sends a transaction's queries in the order they were issued, so that query
 * always runs as the app role for this tenant; if the scoping statement fails, the transaction is aborted and
 * every later statement fails with it.
 */
export function withTenant<T>(db: Database, organisationId: string, fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction(async (tx) => {
    const client = postgresJsClient(tx);
    if (!client) {
      await tx.execute(sql`select set_config('role', ${APP_ROLE}, true), set_config('app.organisation_id', ${organisationId}, true)`);
      return fn(tx);
    }
    // execute() queues the statement now, before any query fn issues.
    const scoping = client.unsafe(SCOPE_SQL, [APP_ROLE, organisationId]).execute();
    // If the scope fails, fn's statements fail with 25P02; the scope's error is the one to report.
    const [, result] = await pipelined([scoping, fn(tx)]);
    return result;
  }, config);
}
