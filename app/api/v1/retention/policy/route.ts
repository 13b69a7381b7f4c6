import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { describeRetentionPolicy, getRetentionSettings } from '@/lib/privacy/retention/describe-policy';
import * as retention from '@/lib/transport/operations/privacy/retention';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(retention.getRetentionPolicy, async ({ tx, ctx }) => ok({ data: describeRetentionPolicy(await getRetentionSettings(tx, ctx.organisationId)) })),
});
