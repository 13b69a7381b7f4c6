import { json } from '@/lib/api/responses';
import { checkHealth } from '@/lib/health/check-health';

export const dynamic = 'force-dynamic';

// GET /api/health – liveness and database reachability; no authentication, no tenant
export async function GET(): Promise<Response> {
  const health = await checkHealth();
  return json(health, { status: health.status === 'ok' ? 200 : 503 });
}
