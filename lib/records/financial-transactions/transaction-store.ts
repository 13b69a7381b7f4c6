import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { financialTransactions } from '@/db/schema';
import { hasDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { FinancialTransaction } from './schemas';

export const transactionColumns = {
  id: financialTransactions.id,
  personId: financialTransactions.personId,
  subjectPseudonym: financialTransactions.subjectPseudonym,
  kind: financialTransactions.kind,
  amount: financialTransactions.amount,
  currency: financialTransactions.currency,
  occurredAt: financialTransactions.occurredAt,
  reference: financialTransactions.reference,
  createdAt: financialTransactions.createdAt,
  updatedAt: financialTransactions.updatedAt,
};

export type TransactionRow = Omit<FinancialTransaction, 'occurredAt' | 'createdAt' | 'updatedAt'> & { occurredAt: Date; createdAt: Date; updatedAt: Date };

export function toTransactionDto(row: TransactionRow): FinancialTransaction {
  return { ...row, occurredAt: row.occurredAt.toISOString(), createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

export function financialTransactionNotFound(transactionId: string, organisationId: string): NotFoundError {
  return new NotFoundError('FINANCIAL_TRANSACTION_NOT_FOUND', 'The financial transaction does not exist.', { transactionId, organisationId });
}

/**
 * The FINANCE duty reads any transaction, an erased subject's included; anyone else only their own. Someone
 * else's answers 404 like a missing one, so its existence does not leak.
 */
export async function findReadableTransaction(tx: Tx, ctx: RequestContext, transactionId: string): Promise<TransactionRow> {
  const scope = hasDuty(ctx, 'FINANCE') ? undefined : eq(financialTransactions.personId, ctx.user.personId);
  const [row] = await tx
    .select(transactionColumns)
    .from(financialTransactions)
    .where(and(eq(financialTransactions.organisationId, ctx.organisationId), eq(financialTransactions.id, transactionId), scope));
  if (!row) throw financialTransactionNotFound(transactionId, ctx.organisationId);
  return row;
}
