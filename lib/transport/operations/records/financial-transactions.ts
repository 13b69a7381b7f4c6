import { getFinancialTransaction as readBack } from '@/lib/records/financial-transactions/get-financial-transaction';
import { FinancialTransactionIdParams, ListFinancialTransactionsQuery } from '@/lib/records/financial-transactions/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

// Financial transactions are for the FINANCE duty (treasurer) and the persons they concern.
const tag = 'Financial transactions';
const financeOnly = 'Needs the FINANCE duty; the ADMIN role alone answers 403.';
const kept = 'Kept 10 years (spec 001): there is no DELETE, a mistake is corrected with PATCH.';

export const listFinancialTransactions = defineOperation({
  method: 'get',
  path: '/v1/financial-transactions',
  operationId: 'listFinancialTransactions',
  summary: 'List financial transactions',
  description: `Newest first (by occurredAt). ${financeOnly} Without it, \`personId=me\` lists the caller's own transactions.`,
  tag,
  role: 'EMPLOYEE',
  query: ListFinancialTransactionsQuery,
  success: { status: 200, description: 'One page of transactions.', schema: schemas.financialTransactionPage },
});

export const createFinancialTransaction = defineOperation({
  method: 'post',
  path: '/v1/financial-transactions',
  operationId: 'createFinancialTransaction',
  summary: 'Record a financial transaction',
  description: `A membership fee, sponsorship, refund or purchase. ${financeOnly} ${kept} A refund is a new transaction of kind \`refund\`. Records FINANCIAL_TRANSACTION_RECORDED.`,
  tag,
  role: 'EMPLOYEE',
  body: schemas.createFinancialTransactionBody,
  success: { status: 201, description: 'The recorded transaction; Location points to it.', schema: schemas.financialTransaction },
  // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
  errors: ['PERSON_NOT_FOUND', 'FINANCIAL_TRANSACTION_NOT_FOUND'],
  readBack,
});

export const getFinancialTransaction = defineOperation({
  method: 'get',
  path: '/v1/financial-transactions/{id}',
  operationId: 'getFinancialTransaction',
  summary: 'Get a financial transaction',
  description: 'For the FINANCE duty, or the person it concerns (anyone else gets 404, as for a missing transaction).',
  tag,
  role: 'EMPLOYEE',
  params: FinancialTransactionIdParams,
  success: { status: 200, description: 'The transaction.', schema: schemas.financialTransaction },
  errors: ['FINANCIAL_TRANSACTION_NOT_FOUND'],
});

export const updateFinancialTransaction = defineOperation({
  method: 'patch',
  path: '/v1/financial-transactions/{id}',
  operationId: 'updateFinancialTransaction',
  summary: 'Correct a financial transaction',
  description: `${financeOnly} Records FINANCIAL_TRANSACTION_UPDATED with before and after of each changed field.`,
  tag,
  role: 'EMPLOYEE',
  params: FinancialTransactionIdParams,
  body: schemas.updateFinancialTransactionBody,
  success: { status: 200, description: 'The corrected transaction.', schema: schemas.financialTransaction },
  errors: ['FINANCIAL_TRANSACTION_NOT_FOUND'],
});
