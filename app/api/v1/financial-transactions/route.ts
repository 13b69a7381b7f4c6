import { created, ok } from '@/lib/api/responses';
import { methodNotAllowed, route } from '@/lib/api/route';
import { createFinancialTransaction } from '@/lib/financial-transactions/create-financial-transaction';
import { listFinancialTransactions } from '@/lib/financial-transactions/list-financial-transactions';
import { CreateFinancialTransactionBody, ListFinancialTransactionsQuery } from '@/lib/financial-transactions/schemas';
import { getFinancialTransaction } from '@/lib/financial-transactions/get-financial-transaction';

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
