import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getRetentionRun } from '@/lib/privacy/retention/list-retention-runs';
import { RetentionRunIdParams } from '@/lib/privacy/retention/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/retention/runs/{id} – one recorded retention run with its counts per kind
  GET: route({ role: 'ADMIN', params: RetentionRunIdParams }, async ({ tx, ctx, params }) => ok(await getRetentionRun(tx, ctx, params.id))),
});
