import { json } from '@/lib/transport/http/responses';
import { checkHealth } from '@/lib/platform/health/check-health';

export const dynamic = 'force-dynamic';

// GET /api/health – liveness and database reachability; no authentication, no tenant
export async function GET(): Promise<Response> {
  const health = await checkHealth();
  return json(health, { status: health.status === 'ok' ? 200 : 503 });
}
