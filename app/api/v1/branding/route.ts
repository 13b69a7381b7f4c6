import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getBranding } from '@/lib/organisation/branding/get-branding';
import { updateBranding } from '@/lib/organisation/branding/update-branding';
import * as branding from '@/lib/transport/operations/organisation/branding';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(branding.getBranding, async ({ tx, ctx }) => ok(await getBranding(tx, ctx))),

  PATCH: route(branding.updateBranding, async ({ tx, ctx, body }) => ok(await updateBranding(tx, ctx, body))),
});
