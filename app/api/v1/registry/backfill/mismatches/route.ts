import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { listMismatches } from '@/lib/registry/backfill/mismatches';
import { ListMismatchesQuery } from '@/lib/registry/backfill/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/registry/backfill/mismatches – persons whose registry record differs, for the admin to decide
  GET: route({ role: 'ADMIN', query: ListMismatchesQuery }, async ({ tx, ctx, query }) => json(await listMismatches(tx, ctx, query))),
});
