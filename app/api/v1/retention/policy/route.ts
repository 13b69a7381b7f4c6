import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { describeRetentionPolicy, getRetentionSettings } from '@/lib/privacy/retention/describe-policy';

// GET /api/v1/retention/policy – the retention policy table (spec 001): kind, period, anchor, action at expiry
export const GET = route({ role: 'ADMIN' }, async ({ tx, ctx }) => ok({ data: describeRetentionPolicy(await getRetentionSettings(tx, ctx.organisationId)) }));

export const PUT = methodNotAllowed(['GET']);
export const POST = methodNotAllowed(['GET']);
export const PATCH = methodNotAllowed(['GET']);
export const DELETE = methodNotAllowed(['GET']);
