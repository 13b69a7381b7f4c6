import { created, ok } from '@/lib/transport/http/responses';
import { resource } from '@/lib/transport/http/resource';
import { route } from '@/lib/transport/http/route';
import { createFinancialTransaction } from '@/lib/records/financial-transactions/create-financial-transaction';
import { listFinancialTransactions } from '@/lib/records/financial-transactions/list-financial-transactions';
import * as financialTransactions from '@/lib/transport/operations/records/financial-transactions';

export const { GET, POST, PUT, PATCH, DELETE } = resource({
  GET: route(financialTransactions.listFinancialTransactions, async ({ tx, ctx, query }) => ok(await listFinancialTransactions(tx, ctx, query))),

  POST: route(financialTransactions.createFinancialTransaction, async ({ tx, ctx, body }) => {
    const transaction = await createFinancialTransaction(tx, ctx, body);
    return created(transaction, `/api/v1/financial-transactions/${transaction.id}`);
  }),
});
