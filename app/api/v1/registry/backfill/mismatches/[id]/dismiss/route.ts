import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { dismissMismatch } from '@/lib/registry/backfill/mismatches';
import * as registryBackfill from '@/lib/transport/operations/registry/backfill';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  POST: route(registryBackfill.dismissRegistryMismatch, async ({ tx, ctx, params }) => json({ mismatch: await dismissMismatch(tx, ctx, params), outcome: 'dismissed' })),
});
