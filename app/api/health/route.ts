import { sql } from 'drizzle-orm';
import { json } from '@/lib/api/responses';
import { getConnection } from '@/lib/db/get-db';

export const dynamic = 'force-dynamic';

// GET /api/health – liveness and database reachability; no authentication, no tenant
export async function GET(): Promise<Response> {
  const started = performance.now();
  try {
    const { db, kind } = await getConnection();
    await db.execute(sql`select 1`);
    return json({ status: 'ok', database: { status: 'ok', mode: kind, latencyMs: Math.round(performance.now() - started) } });
  } catch {
    return json({ status: 'error', database: { status: 'unreachable' } }, { status: 503 });
  }
}
