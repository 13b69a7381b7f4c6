import { json, ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { getDb } from '@/lib/db/get-db';
import { configuredPrivacy } from '@/lib/retention/anonymise-persons';
import { listRetentionRuns } from '@/lib/retention/list-retention-runs';
import { requestRetentionRun } from '@/lib/retention/request-retention-run';
import { ListRetentionRunsQuery, StartRetentionRunQuery } from '@/lib/retention/schemas';

// GET /api/v1/retention/runs – the tenant's recorded retention runs, newest first
export const GET = route({ role: 'ADMIN', query: ListRetentionRunsQuery }, async ({ tx, ctx, query }) => ok(await listRetentionRuns(tx, ctx, query)));

// POST /api/v1/retention/runs?dryRun=true|false – a dry run answers 200 with its counts; a real run 202, carried out after commit
export const POST = route({ role: 'ADMIN', query: StartRetentionRunQuery }, async ({ tx, ctx, query }) => {
  const { run, accepted } = await requestRetentionRun(tx, ctx, query, { db: await getDb(), privacy: configuredPrivacy, log: console });
  return json(run, { status: accepted ? 202 : 200, headers: accepted ? { Location: `/api/v1/retention/runs/${run.id}` } : {} });
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
