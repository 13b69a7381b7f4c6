import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getRetentionRun } from '@/lib/privacy/retention/list-retention-runs';
import * as retention from '@/lib/transport/operations/privacy/retention';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(retention.getRetentionRun, async ({ tx, ctx, params }) => ok(await getRetentionRun(tx, ctx, params.id))),
});
