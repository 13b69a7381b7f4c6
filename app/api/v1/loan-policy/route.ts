import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getLoanPolicy, UpdateLoanPolicyBody, updateLoanPolicy } from '@/lib/lending/loans/policy';

// GET /api/v1/loan-policy – the organisation's loan policy (defaults where never set)
export const GET = route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok(await getLoanPolicy(tx, ctx.organisationId)));

// PATCH /api/v1/loan-policy – change the loan policy
export const PATCH = route({ role: 'ADMIN', body: UpdateLoanPolicyBody }, async ({ tx, ctx, body }) => ok(await updateLoanPolicy(tx, ctx, body)));

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
