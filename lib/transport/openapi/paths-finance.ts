import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { DonationIdParams, ListDonationsQuery } from '@/lib/records/donations/schemas';
import { FinancialTransactionIdParams, ListFinancialTransactionsQuery } from '@/lib/records/financial-transactions/schemas';
import { registerTenantOperation } from './register-tenant-operation';
import type { ResourceSchemas } from './resource-schemas';

const financeOnly = 'Needs the FINANCE duty; the ADMIN role alone answers 403.';
const kept = 'Kept 10 years (spec 001): there is no DELETE, a mistake is corrected with PATCH.';

function registerDonationPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/donations',
    operationId: 'listDonations',
    summary: 'List donations',
    description: `Newest first (by donatedAt). ${financeOnly} Without it, \`personId=me\` lists the caller's own donations.`,
    tag: 'Donations',
    role: 'EMPLOYEE',
    query: ListDonationsQuery,
    success: { status: 200, description: 'One page of donations.', schema: schemas.donationPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/donations',
    operationId: 'createDonation',
    summary: 'Record a donation',
    description: `${financeOnly} ${kept} Records DONATION_RECORDED.`,
    tag: 'Donations',
    role: 'EMPLOYEE',
    body: schemas.createDonationBody,
    success: { status: 201, description: 'The recorded donation; Location points to it.', schema: schemas.donation },
    // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
    errors: ['PERSON_NOT_FOUND', 'DONATION_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/donations/{id}',
    operationId: 'getDonation',
    summary: 'Get a donation',
    description: 'For the FINANCE duty, or the donor (anyone else gets 404, as for a missing donation).',
    tag: 'Donations',
    role: 'EMPLOYEE',
    params: DonationIdParams,
    success: { status: 200, description: 'The donation.', schema: schemas.donation },
    errors: ['DONATION_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/donations/{id}',
    operationId: 'updateDonation',
    summary: 'Correct a donation',
    description: `${financeOnly} Records DONATION_UPDATED with before and after of each changed field. A gift given back is a refund among the financial transactions.`,
    tag: 'Donations',
    role: 'EMPLOYEE',
    params: DonationIdParams,
    body: schemas.updateDonationBody,
    success: { status: 200, description: 'The corrected donation.', schema: schemas.donation },
    errors: ['DONATION_NOT_FOUND'],
  });
}

function registerTransactionPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/financial-transactions',
    operationId: 'listFinancialTransactions',
    summary: 'List financial transactions',
    description: `Newest first (by occurredAt). ${financeOnly} Without it, \`personId=me\` lists the caller's own transactions.`,
    tag: 'Financial transactions',
    role: 'EMPLOYEE',
    query: ListFinancialTransactionsQuery,
    success: { status: 200, description: 'One page of transactions.', schema: schemas.financialTransactionPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/financial-transactions',
    operationId: 'createFinancialTransaction',
    summary: 'Record a financial transaction',
    description: `A membership fee, sponsorship, refund or purchase. ${financeOnly} ${kept} A refund is a new transaction of kind \`refund\`. Records FINANCIAL_TRANSACTION_RECORDED.`,
    tag: 'Financial transactions',
    role: 'EMPLOYEE',
    body: schemas.createFinancialTransactionBody,
    success: { status: 201, description: 'The recorded transaction; Location points to it.', schema: schemas.financialTransaction },
    // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
    errors: ['PERSON_NOT_FOUND', 'FINANCIAL_TRANSACTION_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/financial-transactions/{id}',
    operationId: 'getFinancialTransaction',
    summary: 'Get a financial transaction',
    description: 'For the FINANCE duty, or the person it concerns (anyone else gets 404, as for a missing transaction).',
    tag: 'Financial transactions',
    role: 'EMPLOYEE',
    params: FinancialTransactionIdParams,
    success: { status: 200, description: 'The transaction.', schema: schemas.financialTransaction },
    errors: ['FINANCIAL_TRANSACTION_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/financial-transactions/{id}',
    operationId: 'updateFinancialTransaction',
    summary: 'Correct a financial transaction',
    description: `${financeOnly} Records FINANCIAL_TRANSACTION_UPDATED with before and after of each changed field.`,
    tag: 'Financial transactions',
    role: 'EMPLOYEE',
    params: FinancialTransactionIdParams,
    body: schemas.updateFinancialTransactionBody,
    success: { status: 200, description: 'The corrected transaction.', schema: schemas.financialTransaction },
    errors: ['FINANCIAL_TRANSACTION_NOT_FOUND'],
  });
}

/** Donations and financial transactions, for the FINANCE duty (treasurer) and the persons they concern. */
export function registerFinancePaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerDonationPaths(registry, schemas);
  registerTransactionPaths(registry, schemas);
}
