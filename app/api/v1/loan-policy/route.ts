import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getLoanPolicy, updateLoanPolicy } from '@/lib/lending/loans/policy';
import * as loanPolicy from '@/lib/transport/operations/lending/loan-policy';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(loanPolicy.getLoanPolicy, async ({ tx, ctx }) => ok(await getLoanPolicy(tx, ctx.organisationId))),

  PATCH: route(loanPolicy.updateLoanPolicy, async ({ tx, ctx, body }) => ok(await updateLoanPolicy(tx, ctx, body))),
});
