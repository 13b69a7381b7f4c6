import { json } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { dismissMismatch } from '@/lib/registry/backfill/mismatches';
import { MismatchIdParams } from '@/lib/registry/backfill/schemas';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // POST /api/v1/registry/backfill/mismatches/{id}/dismiss – keep the local values; the person stays local-only
  POST: route({ role: 'ADMIN', params: MismatchIdParams }, async ({ tx, ctx, params }) => json({ mismatch: await dismissMismatch(tx, ctx, params), outcome: 'dismissed' })),
});
