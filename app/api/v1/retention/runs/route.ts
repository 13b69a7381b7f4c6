import { json, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getDb } from '@/lib/platform/db/get-db';
import { configuredPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import { listRetentionRuns } from '@/lib/privacy/retention/list-retention-runs';
import { requestRetentionRun } from '@/lib/privacy/retention/request-retention-run';
import * as retention from '@/lib/transport/operations/privacy/retention';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(retention.listRetentionRuns, async ({ tx, ctx, query }) => ok(await listRetentionRuns(tx, ctx, query))),

  POST: route(retention.startRetentionRun, async ({ tx, ctx, query }) => {
    const { run, accepted } = await requestRetentionRun(tx, ctx, query, { db: await getDb(), privacy: configuredPrivacy, log: console });
    return json(run, { status: accepted ? 202 : 200, headers: accepted ? { Location: `/api/v1/retention/runs/${run.id}` } : {} });
  }),
});
