import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createFinancialTransaction } from '@/lib/records/financial-transactions/create-financial-transaction';
import { listFinancialTransactions } from '@/lib/records/financial-transactions/list-financial-transactions';
import { CreateFinancialTransactionBody, ListFinancialTransactionsQuery } from '@/lib/records/financial-transactions/schemas';
import { getFinancialTransaction } from '@/lib/records/financial-transactions/get-financial-transaction';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  // GET /api/v1/financial-transactions – transactions (the FINANCE duty), or the caller's own with personId=me
  GET: route({ role: 'EMPLOYEE', query: ListFinancialTransactionsQuery }, async ({ tx, ctx, query }) => ok(await listFinancialTransactions(tx, ctx, query))),

  // POST /api/v1/financial-transactions – record a fee, sponsorship, refund or purchase (the FINANCE duty)
  POST: route({ role: 'EMPLOYEE', body: CreateFinancialTransactionBody, readBack: getFinancialTransaction }, async ({ tx, ctx, body }) => {
    const transaction = await createFinancialTransaction(tx, ctx, body);
    return created(transaction, `/api/v1/financial-transactions/${transaction.id}`);
  }),
});
