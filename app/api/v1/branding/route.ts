import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getBranding } from '@/lib/organisation/branding/get-branding';
import { UpdateBrandingBody } from '@/lib/organisation/branding/schemas';
import { updateBranding } from '@/lib/organisation/branding/update-branding';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/branding – the stored branding and whether the plan applies it
  GET: route({ role: 'ADMIN' }, async ({ tx, ctx }) => ok(await getBranding(tx, ctx))),

  // PATCH /api/v1/branding – change the branding (Pro Standard and above); null clears a field
  PATCH: route({ role: 'ADMIN', body: UpdateBrandingBody }, async ({ tx, ctx, body }) => ok(await updateBranding(tx, ctx, body))),
});
