import { and, eq } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { financialTransactions } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import type { FinancialTransaction, UpdateFinancialTransactionBody } from './schemas';
import { findReadableTransaction, toTransactionDto, transactionColumns } from './transaction-store';

/** A correction of what was recorded; money given back is a new refund transaction, not a change of this one. */
export async function updateFinancialTransaction(tx: Tx, ctx: RequestContext, transactionId: string, input: UpdateFinancialTransactionBody): Promise<FinancialTransaction> {
  assertDuty(ctx, 'FINANCE', 'Changing a financial transaction');
  const before = await findReadableTransaction(tx, ctx, transactionId);
  const [after] = await tx
    .update(financialTransactions)
    .set({
      kind: input.kind,
      amount: input.amount,
      currency: input.currency,
      occurredAt: input.occurredAt === undefined ? undefined : new Date(input.occurredAt),
      reference: input.reference,
      updatedAt: ctx.now,
    })
    .where(and(eq(financialTransactions.organisationId, ctx.organisationId), eq(financialTransactions.id, transactionId)))
    .returning(transactionColumns);
  const changes = diffChanges(before, after!, ['kind', 'amount', 'currency', 'occurredAt', 'reference']);
  if (Object.keys(changes).length > 0) {
    await recordAudit(tx, ctx, {
      action: 'FINANCIAL_TRANSACTION_UPDATED',
      targetType: 'FINANCIAL_TRANSACTION',
      targetId: transactionId,
      changes,
      metadata: { fields: Object.keys(changes) },
    });
  }
  return toTransactionDto(after!);
}
