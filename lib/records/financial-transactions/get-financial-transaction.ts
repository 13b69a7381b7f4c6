import type { Tx } from '@/db/client';
import type { RequestContext } from '@/lib/platform/core/context';
import type { FinancialTransaction } from './schemas';
import { findReadableTransaction, toTransactionDto } from './transaction-store';

export async function getFinancialTransaction(tx: Tx, ctx: RequestContext, transactionId: string): Promise<FinancialTransaction> {
  return toTransactionDto(await findReadableTransaction(tx, ctx, transactionId));
}
