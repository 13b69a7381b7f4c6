import { sql } from 'drizzle-orm';
import type { PgTransactionConfig } from 'drizzle-orm/pg-core';
import type { Database, Tx } from '@/db/client';

export const APP_ROLE = 'quartermaster_app';

/**
 * Runs `fn` in a transaction scoped to one tenant: as the RLS-bound app role, with app.organisation_id set
 * for this transaction only, so a pooled connection never carries a tenant into the next request.
 */
export function withTenant<T>(db: Database, organisationId: string, fn: (tx: Tx) => Promise<T>, config?: PgTransactionConfig): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('role', ${APP_ROLE}, true), set_config('app.organisation_id', ${organisationId}, true)`,
    );
    return fn(tx);
  }, config);
}
