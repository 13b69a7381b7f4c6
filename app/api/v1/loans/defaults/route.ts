import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getLoanDefaults } from '@/lib/lending/loans/loan-planning';
import * as loans from '@/lib/transport/operations/lending/loans';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(loans.getLoanDefaults, async ({ tx, ctx, query }) => ok(await getLoanDefaults(tx, ctx, query.assetId))),
});
