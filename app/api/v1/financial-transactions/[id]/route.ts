import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getFinancialTransaction } from '@/lib/records/financial-transactions/get-financial-transaction';
import { updateFinancialTransaction } from '@/lib/records/financial-transactions/update-financial-transaction';
import * as financialTransactions from '@/lib/transport/operations/records/financial-transactions';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(financialTransactions.getFinancialTransaction, async ({ tx, ctx, params }) => ok(await getFinancialTransaction(tx, ctx, params.id))),

  PATCH: route(financialTransactions.updateFinancialTransaction, async ({ tx, ctx, params, body }) =>
    ok(await updateFinancialTransaction(tx, ctx, params.id, body)),
  ),
});
