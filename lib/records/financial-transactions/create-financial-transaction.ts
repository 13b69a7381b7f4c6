import type { Tx } from '@/db/client';
import { financialTransactions } from '@/db/schema';
import { recordAudit } from '@/lib/platform/audit/record-audit';
import { assertDuty } from '@/lib/platform/auth/duties';
import type { RequestContext } from '@/lib/platform/core/context';
import { assertTenantPerson } from '@/lib/people/persons/assert-tenant-person';
import type { CreateFinancialTransactionBody, FinancialTransaction } from './schemas';
import { toTransactionDto, transactionColumns } from './transaction-store';

export async function createFinancialTransaction(tx: Tx, ctx: RequestContext, input: CreateFinancialTransactionBody): Promise<FinancialTransaction> {
  assertDuty(ctx, 'FINANCE', 'Recording a financial transaction');
  await assertTenantPerson(tx, ctx, input.personId);
  const [row] = await tx
    .insert(financialTransactions)
    .values({
      organisationId: ctx.organisationId,
      personId: input.personId,
      kind: input.kind,
      amount: input.amount,
      currency: input.currency,
      occurredAt: new Date(input.occurredAt),
      reference: input.reference,
      createdAt: ctx.now,
      updatedAt: ctx.now,
    })
    .returning(transactionColumns);
  const transaction = toTransactionDto(row!);
  await recordAudit(tx, ctx, {
    action: 'FINANCIAL_TRANSACTION_RECORDED',
    targetType: 'FINANCIAL_TRANSACTION',
    targetId: transaction.id,
    changes: {
      personId: { before: null, after: transaction.personId },
      kind: { before: null, after: transaction.kind },
      amount: { before: null, after: transaction.amount },
      currency: { before: null, after: transaction.currency },
      occurredAt: { before: null, after: transaction.occurredAt },
      reference: { before: null, after: transaction.reference },
    },
  });
  return transaction;
}
