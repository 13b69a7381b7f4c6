import { LoanPolicy as LoanPolicySchema, UpdateLoanPolicyBody as UpdateLoanPolicyBodySchema } from '@/lib/lending/loans/policy';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Organisation';

const LoanPolicy = named('LoanPolicy', LoanPolicySchema, {
  description:
    "The organisation's lending rules. Defaults: requireApproval true, approverRules [], defaultApproverUserId null (any ASSET_MANAGER), extensions REQUIRES_APPROVAL, maxLoanDays 30, maxAdvanceBookingDays 90.",
});
const UpdateLoanPolicyBody = named('UpdateLoanPolicyBody', UpdateLoanPolicyBodySchema, { minProperties: 1 });

export const getLoanPolicy = defineOperation({
  method: 'get',
  path: '/v1/loan-policy',
  operationId: 'getLoanPolicy',
  summary: 'Get the loan policy',
  tag,
  role: 'EMPLOYEE',
  success: { status: 200, description: 'The policy, with defaults where never set.', schema: LoanPolicy },
});

export const updateLoanPolicy = defineOperation({
  method: 'patch',
  path: '/v1/loan-policy',
  operationId: 'updateLoanPolicy',
  summary: 'Change the loan policy',
  tag,
  role: 'ADMIN',
  body: UpdateLoanPolicyBody,
  description: 'Records LOAN_POLICY_UPDATED with the changed settings.',
  success: { status: 200, description: 'The policy after the change.', schema: LoanPolicy },
});
