import { sql } from 'drizzle-orm';
import { getConnection } from '@/lib/platform/db/get-db';

export type Health =
  | { status: 'ok'; database: { status: 'ok'; mode: string; latencyMs: number } }
  | { status: 'error'; database: { status: 'unreachable' } };

/** Liveness and database reachability, as GET /api/health reports them. */
export async function checkHealth(): Promise<Health> {
  const started = performance.now();
  try {
    const { db, kind } = await getConnection();
    await db.execute(sql`select 1`);
    return { status: 'ok', database: { status: 'ok', mode: kind, latencyMs: Math.round(performance.now() - started) } };
  } catch {
    return { status: 'error', database: { status: 'unreachable' } };
  }
}
