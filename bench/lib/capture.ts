/**
 * The SQL behind each endpoint, captured rather than copied: the same lib/ calls the route handler makes (acting
 * user, then the handler's own function, in a tenant transaction as route() opens it) run once against a
 * postgres.js client whose debug hook records every statement with its parameters. pgbench, the bare node:http
 * server and EXPLAIN ANALYZE then replay exactly these statements. The capture's transaction is rolled back, so
 * capturing a write leaves nothing behind.
 */
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import type { Tx } from '@/db/client';
import * as schema from '@/db/schema';
import type { RequestContext, TenantOrganisation } from '@/lib/platform/core/context';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { loadActingUser } from '@/lib/people/users/load-acting-user';

export type Statement = { text: string; params: unknown[] };

export type CaptureInput = {
  appUrl: string;
  organisation: TenantOrganisation;
  subject: string;
  run: (tx: Tx, ctx: RequestContext) => Promise<unknown>;
};

const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback)\b/i;
// postgres.js reads the array types once per connection; not part of any request.
const DRIVER_BOOKKEEPING = /pg_catalog\.pg_type/;

export async function captureStatements(input: CaptureInput): Promise<{ statements: Statement[]; result: unknown }> {
  const statements: Statement[] = [];
  const client = postgres(input.appUrl, {
    max: 1,
    prepare: true,
    onnotice: () => {},
    debug: (_connection, text, params) => {
      if (!TRANSACTION_CONTROL.test(text) && !DRIVER_BOOKKEEPING.test(text)) statements.push({ text, params: [...params] });
    },
  });
  try {
    const db = drizzle(client, { schema });
    const requestId = crypto.randomUUID();
    let result: unknown;
    await withTenant(db, input.organisation.id, async (tx) => {
      const user = await loadActingUser(tx, input.organisation.id, { organisationId: input.organisation.id, userId: input.subject }, requestId);
      const ctx: RequestContext = { organisationId: input.organisation.id, organisation: input.organisation, user, requestId, now: new Date(), afterCommit: () => {} };
      result = await input.run(tx, ctx);
      throw new Rollback();
    }).catch((error: unknown) => {
      if (!(error instanceof Rollback)) throw error;
    });
    return { statements, result };
  } finally {
    await client.end();
  }
}

class Rollback extends Error {}
