import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getLoanPolicy, UpdateLoanPolicyBody, updateLoanPolicy } from '@/lib/lending/loans/policy';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/loan-policy – the organisation's loan policy (defaults where never set)
  GET: route({ role: 'EMPLOYEE' }, async ({ tx, ctx }) => ok(await getLoanPolicy(tx, ctx.organisationId))),

  // PATCH /api/v1/loan-policy – change the loan policy
  PATCH: route({ role: 'ADMIN', body: UpdateLoanPolicyBody }, async ({ tx, ctx, body }) => ok(await updateLoanPolicy(tx, ctx, body))),
});
