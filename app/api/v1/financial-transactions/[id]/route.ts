import { ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { getFinancialTransaction } from '@/lib/records/financial-transactions/get-financial-transaction';
import { FinancialTransactionIdParams, UpdateFinancialTransactionBody } from '@/lib/records/financial-transactions/schemas';
import { updateFinancialTransaction } from '@/lib/records/financial-transactions/update-financial-transaction';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/financial-transactions/{id} – a transaction (the FINANCE duty, or its person)
  GET: route({ role: 'EMPLOYEE', params: FinancialTransactionIdParams }, async ({ tx, ctx, params }) => ok(await getFinancialTransaction(tx, ctx, params.id))),

  // PATCH /api/v1/financial-transactions/{id} – correct a transaction (the FINANCE duty); a refund is a new one
  PATCH: route({ role: 'EMPLOYEE', params: FinancialTransactionIdParams, body: UpdateFinancialTransactionBody }, async ({ tx, ctx, params, body }) =>
    ok(await updateFinancialTransaction(tx, ctx, params.id, body)),
  ),
});
