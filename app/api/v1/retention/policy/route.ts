import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { describeRetentionPolicy, getRetentionSettings } from '@/lib/privacy/retention/describe-policy';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/retention/policy – the retention policy table (spec 001): kind, period, anchor, action at expiry
  GET: route({ role: 'ADMIN' }, async ({ tx, ctx }) => ok({ data: describeRetentionPolicy(await getRetentionSettings(tx, ctx.organisationId)) })),
});
