import { created, ok } from '@/lib/transport/http/responses';
import { methodNotAllowed, route } from '@/lib/transport/http/route';
import { createFinancialTransaction } from '@/lib/records/financial-transactions/create-financial-transaction';
import { listFinancialTransactions } from '@/lib/records/financial-transactions/list-financial-transactions';
import { CreateFinancialTransactionBody, ListFinancialTransactionsQuery } from '@/lib/records/financial-transactions/schemas';
import { getFinancialTransaction } from '@/lib/records/financial-transactions/get-financial-transaction';

// GET /api/v1/financial-transactions – transactions (the FINANCE duty), or the caller's own with personId=me
export const GET = route({ role: 'EMPLOYEE', query: ListFinancialTransactionsQuery }, async ({ tx, ctx, query }) => ok(await listFinancialTransactions(tx, ctx, query)));

// POST /api/v1/financial-transactions – record a fee, sponsorship, refund or purchase (the FINANCE duty)
export const POST = route({ role: 'EMPLOYEE', body: CreateFinancialTransactionBody, readBack: getFinancialTransaction }, async ({ tx, ctx, body }) => {
  const transaction = await createFinancialTransaction(tx, ctx, body);
  return created(transaction, `/api/v1/financial-transactions/${transaction.id}`);
});

export const PUT = methodNotAllowed(['GET', 'POST']);
export const PATCH = methodNotAllowed(['GET', 'POST']);
export const DELETE = methodNotAllowed(['GET', 'POST']);
