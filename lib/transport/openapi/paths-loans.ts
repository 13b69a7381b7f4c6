import type { OpenAPIRegistry, ZodOpenAPIMetadata } from '@asteasolutions/zod-to-openapi';
import type { z } from 'zod';
import { pageSchema } from '@/lib/platform/pagination';
import { AssetIdParams } from '@/lib/lending/assets/schemas';
import { LoanPolicy, UpdateLoanPolicyBody } from '@/lib/lending/loans/policy';
import * as loan from '@/lib/lending/loans/schemas';
import { ListNotificationsQuery, Notification, NotificationIdParams } from '@/lib/platform/notifications/in-app';
import { nameSchema } from './name-schema';
import { registerTenantOperation, type TenantOperation } from './register-tenant-operation';

function registerLoanSchemas(registry: OpenAPIRegistry) {
  const named = <T extends z.ZodType>(refId: string, schema: T, metadata: Partial<ZodOpenAPIMetadata> = {}): T =>
    registry.register(refId, nameSchema(refId, schema, metadata));
  const loanRecord = named('Loan', loan.Loan, {
    description:
      'A loan. States: PENDING_APPROVAL → APPROVED → ACTIVE (picked up) → RETURNED, or REJECTED / CANCELLED. OVERDUE is an ACTIVE loan past its end date (field overdue, and status filter OVERDUE).',
  });
  const notification = named('Notification', Notification, { description: 'An in-app notification of the caller.' });
  return {
    loan: loanRecord,
    loanPage: named('LoanPage', pageSchema(loanRecord), { description: 'One page of loans, newest first.' }),
    createLoanBody: named('CreateLoanBody', loan.CreateLoanBody, { description: 'A loan request: the asset, the pickup and return dates (inclusive) and the purpose.' }),
    updateLoanBody: named('UpdateLoanBody', loan.UpdateLoanBody, { minProperties: 1, description: 'New dates or purpose of a pending request.' }),
    rejectLoanBody: named('RejectLoanBody', loan.RejectLoanBody, { description: 'Why the request (or extension) is declined; told to the requester.' }),
    returnLoanBody: named('ReturnLoanBody', loan.ReturnLoanBody),
    extendLoanBody: named('ExtendLoanBody', loan.ExtendLoanBody, { description: 'The new return date.' }),
    availability: named('Availability', loan.Availability),
    loanDefaults: named('LoanDefaults', loan.LoanDefaults),
    loanPolicy: named('LoanPolicy', LoanPolicy, {
      description:
        'The organisation\'s lending rules. Defaults: requireApproval true, approverRules [], defaultApproverUserId null (any ASSET_MANAGER), extensions REQUIRES_APPROVAL, maxLoanDays 30, maxAdvanceBookingDays 90.',
    }),
    updateLoanPolicyBody: named('UpdateLoanPolicyBody', UpdateLoanPolicyBody, { minProperties: 1 }),
    notificationPage: named('NotificationPage', pageSchema(notification), { description: 'One page of notifications, newest first.' }),
    notification,
  };
}

export function registerLoanPaths(registry: OpenAPIRegistry): void {
  const s = registerLoanSchemas(registry);
  const tag = 'Loans';
  const action = (name: string, operationId: string, summary: string, description: string, role: TenantOperation['role'], extra: Partial<TenantOperation>) =>
    registerTenantOperation(registry, {
      method: 'post',
      path: `/v1/loans/{id}/${name}`,
      operationId,
      summary,
      description,
      tag,
      role,
      params: loan.LoanIdParams,
      success: { status: 200, description: 'The loan after the change.', schema: s.loan },
      ...extra,
      errors: ['LOAN_NOT_FOUND', 'LOAN_INVALID_STATE', ...(extra.errors ?? [])],
    });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/loans', operationId: 'listLoans', summary: 'List loans', tag, role: 'EMPLOYEE', query: loan.ListLoansQuery,
    description:
      "Newest first. Employees see their own loans (userId=me is the default for them, and every other filter applies within their own loans); another user's loans, or everyone's, need ASSET_MANAGER. Filters combine. The managers' loans view in the portal (/loans?view=…) is these filters: awaiting = awaitingDecision=true, due_today = dueOn=<today>, overdue = status=OVERDUE, active = status=ACTIVE, all = none; its search is q. pagination.total is exact up to 10,000 matching loans; above that pagination.totalIsEstimate is true and total is the database's estimate (always more than 10,000), so that a large tenant's unfiltered list does not count every loan on every page.",
    success: { status: 200, description: 'One page of loans.', schema: s.loanPage },
  });
  registerTenantOperation(registry, {
    method: 'post', path: '/v1/loans', operationId: 'createLoan', summary: 'Request a loan', tag, role: 'EMPLOYEE', body: s.createLoanBody,
    description:
      'Files a request (PENDING_APPROVAL; APPROVED at once when the policy needs no approval). The request writes one outbox event; the delivery job turns it, usually within seconds, into one e-mail per approver (the one the policy rules name, else every active asset manager), each sent once. Dates must fit maxLoanDays and maxAdvanceBookingDays and not lie in the past; an overlap with an approved or active loan is 409 LOAN_CONFLICT naming the busy range. A caller whose person waits for the sports registry (pending_registration) gets 403 PERSON_NOT_REGISTERED; approvers in that state are never chosen.',
    success: { status: 201, description: 'The loan; Location points to it.', schema: s.loan },
    errors: ['ASSET_NOT_FOUND', 'ASSET_UNAVAILABLE', 'LOAN_CONFLICT', 'PERSON_NOT_REGISTERED'],
  });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/loans/defaults', operationId: 'getLoanDefaults', summary: 'Prefill a loan request', tag, role: 'EMPLOYEE', query: loan.LoanDefaultsQuery,
    description: "Dates and purpose from the caller's last loan of the same asset, else of the same category; otherwise today plus seven days.",
    success: { status: 200, description: 'Suggested values.', schema: s.loanDefaults },
    errors: ['ASSET_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/loans/{id}', operationId: 'getLoan', summary: 'Get a loan', tag, role: 'EMPLOYEE', params: loan.LoanIdParams,
    description: "The requester's own loan, or any loan for ASSET_MANAGER and above; another employee's loan answers 404.",
    success: { status: 200, description: 'The loan.', schema: s.loan },
    errors: ['LOAN_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch', path: '/v1/loans/{id}', operationId: 'updateLoan', summary: 'Edit a pending request', tag, role: 'EMPLOYEE', params: loan.LoanIdParams, body: s.updateLoanBody,
    description: 'Only the requester, and only while the request is PENDING_APPROVAL. Records LOAN_UPDATED.',
    success: { status: 200, description: 'The loan.', schema: s.loan },
    errors: ['LOAN_NOT_FOUND', 'LOAN_INVALID_STATE', 'LOAN_CONFLICT'],
  });
  action('approve', 'approveLoan', 'Approve a request or its extension', 'The designated approver (any ASSET_MANAGER when none is named; ADMIN always), never the requester. Approves a pending extension instead when one is pending (the end date moves, and the 3-day reminder follows the new end date). The requester is told by e-mail and in the app.', 'ASSET_MANAGER', { errors: ['ASSET_UNAVAILABLE', 'LOAN_CONFLICT', 'LOAN_OUTSIDE_PERIOD'] });
  action('reject', 'rejectLoan', 'Reject a request or its extension', 'As approve; the requester is told by e-mail and in the app, with the reason.', 'ASSET_MANAGER', { body: s.rejectLoanBody });
  action('cancel', 'cancelLoan', 'Cancel a pending request', 'The requester withdraws the request before it is decided.', 'EMPLOYEE', {});
  action('pickup', 'pickUpLoan', 'Hand the asset over', 'APPROVED → ACTIVE within the booked period (requester or ASSET_MANAGER); the asset becomes LOANED.', 'EMPLOYEE', { errors: ['ASSET_UNAVAILABLE', 'LOAN_OUTSIDE_PERIOD'] });
  action('return', 'returnLoan', 'Return the asset', "ACTIVE → RETURNED. The requester proves the asset is in hand with the secret of its printed label (qrCodeToken): without it 403, with a wrong or voided one 409 QR_CODE_MISMATCH. An ASSET_MANAGER may check the asset in at the desk without it. The asset becomes AVAILABLE.", 'EMPLOYEE', { body: s.returnLoanBody, errors: ['QR_CODE_MISMATCH'] });
  action('extend', 'extendLoan', 'Extend a loan', 'Per policy: NOT_ALLOWED (409 EXTENSION_NOT_ALLOWED for employees), AUTOMATIC (applied at once), REQUIRES_APPROVAL (filed as extensionRequestedEndDate; the approver, or every asset manager when none is named, is told at once by e-mail and in the app, and finds it in awaitingDecision=true). A manager\'s extension applies at once. The new range is checked for conflicts.', 'EMPLOYEE', { body: s.extendLoanBody, errors: ['LOAN_CONFLICT', 'EXTENSION_NOT_ALLOWED'] });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/assets/{id}/availability', operationId: 'getAssetAvailability', summary: 'Availability of an asset', tag, role: 'EMPLOYEE', params: AssetIdParams, query: loan.AvailabilityQuery,
    description: 'Busy ranges (approved and active loans) and overlapping pending requests in [from, to] (at most 366 days), for showing conflicts before a request is filed.',
    success: { status: 200, description: 'The availability.', schema: s.availability },
    errors: ['ASSET_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/loan-policy', operationId: 'getLoanPolicy', summary: 'Get the loan policy', tag: 'Organisation', role: 'EMPLOYEE',
    success: { status: 200, description: 'The policy, with defaults where never set.', schema: s.loanPolicy },
  });
  registerTenantOperation(registry, {
    method: 'patch', path: '/v1/loan-policy', operationId: 'updateLoanPolicy', summary: 'Change the loan policy', tag: 'Organisation', role: 'ADMIN', body: s.updateLoanPolicyBody,
    description: 'Records LOAN_POLICY_UPDATED with the changed settings.',
    success: { status: 200, description: 'The policy after the change.', schema: s.loanPolicy },
  });
  registerTenantOperation(registry, {
    method: 'get', path: '/v1/notifications', operationId: 'listNotifications', summary: 'List my notifications', tag: 'Notifications', role: 'EMPLOYEE', query: ListNotificationsQuery,
    success: { status: 200, description: 'One page of the caller\'s notifications.', schema: s.notificationPage },
  });
  registerTenantOperation(registry, {
    method: 'post', path: '/v1/notifications/{id}/read', operationId: 'markNotificationRead', summary: 'Mark a notification read', tag: 'Notifications', role: 'EMPLOYEE', params: NotificationIdParams,
    success: { status: 200, description: 'The notification.', schema: s.notification },
    errors: ['NOTIFICATION_NOT_FOUND'],
  });
}
