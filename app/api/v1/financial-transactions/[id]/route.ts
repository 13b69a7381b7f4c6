import { ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { getFinancialTransaction } from '@/lib/records/financial-transactions/get-financial-transaction';
import { FinancialTransactionIdParams, UpdateFinancialTransactionBody } from '@/lib/records/financial-transactions/schemas';
import { updateFinancialTransaction } from '@/lib/records/financial-transactions/update-financial-transaction';

// GET /api/v1/financial-transactions/{id} – a transaction (the FINANCE duty, or its person)
export const GET = route({ role: 'EMPLOYEE', params: FinancialTransactionIdParams }, async ({ tx, ctx, params }) => ok(await getFinancialTransaction(tx, ctx, params.id)));

// PATCH /api/v1/financial-transactions/{id} – correct a transaction (the FINANCE duty); a refund is a new one
export const PATCH = route({ role: 'EMPLOYEE', params: FinancialTransactionIdParams, body: UpdateFinancialTransactionBody }, async ({ tx, ctx, params, body }) =>
  ok(await updateFinancialTransaction(tx, ctx, params.id, body)),
);

export const PUT = methodNotAllowed(['GET', 'PATCH']);
export const POST = methodNotAllowed(['GET', 'PATCH']);
export const DELETE = methodNotAllowed(['GET', 'PATCH']);
