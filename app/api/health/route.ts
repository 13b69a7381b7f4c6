import { json } from '@/lib/transport/http/responses';
import { checkHealth } from '@/lib/platform/health/check-health';
import { served } from '@/lib/transport/operations/operation';
import * as health from '@/lib/transport/operations/platform/health';

export const dynamic = 'force-dynamic';

export const GET = served(health.getHealth, async (): Promise<Response> => {
  const result = await checkHealth();
  return json(result, { status: result.status === 'ok' ? 200 : 503 });
});
