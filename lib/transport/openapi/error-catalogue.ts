import { ConflictError, DomainError, ForbiddenError, GoneError, NotFoundError, RateLimitedError, UnauthenticatedError, ValidationError } from '@/lib/platform/core/errors';
import { activityNotFound } from '@/lib/records/activities/activity-store';
import { antidopingRecordNotFound } from '@/lib/records/antidoping/antidoping-store';
import { activityCommentNotFound } from '@/lib/records/activities/comment-store';
import { assetNotFound, assetPhotoNotFound, duplicateInventoryNumber } from '@/lib/lending/assets/errors';
import { conversationNotFound, messageNotFound } from '@/lib/records/conversations/conversation-store';
import { customDomainConflict, planUpgradeRequired } from '@/lib/organisation/branding/errors';
import { donationNotFound } from '@/lib/records/donations/donation-store';
import { financialTransactionNotFound } from '@/lib/records/financial-transactions/transaction-store';
import { incidentReportNotFound } from '@/lib/records/incidents/incident-store';
import { invitationExists, invitationNotFound, userExists } from '@/lib/people/invitations/invitation-store';
import { backupInProgress, backupNotFound, backupNotReady } from '@/lib/privacy/backups/backup-store';
import { backupFileInvalid, backupFromAnotherDeployment, backupFromNewerVersion, restoreTargetNotEmpty } from '@/lib/privacy/backups/restore-errors';
import { categoryNameConflict, categoryNotFound } from '@/lib/lending/categories/category-store';
import { dataExportLinkExpired, dataExportLinkUsed, dataExportNotFound } from '@/lib/privacy/data-export/data-export-store';
import { legalReportNotFound } from '@/lib/privacy/legal-reports/legal-report-store';
import { loanConflict, loanNotFound } from '@/lib/lending/loans/loan-store';
import { EXPORT_CONCURRENCY_LIMIT, EXPORT_RETRY_AFTER_SECONDS } from '@/lib/platform/export-lease/acquire-export-lease';
import { ExportLimitReachedError } from '@/lib/platform/export-lease/export-limit-reached-error';
import { maintenanceEntryNotFound } from '@/lib/lending/maintenance/errors';
import { locationNameConflict, locationNotFound } from '@/lib/lending/locations/location-store';
import { medicalTreatmentNotFound } from '@/lib/records/medical/treatment-store';
import { personNotLocalOnly } from '@/lib/people/persons/register-person-with-registry';
import { personNotFound } from '@/lib/people/persons/to-person-dto';
import { personNotRegistered } from '@/lib/lending/loans/assert-person-registered';
import { proposalStateConflict } from '@/lib/registry/proposals/proposal-store';
import { dataDeletionFilerCannotVerify, dataDeletionOwnRequest, dataDeletionRequestNotFound, dataDeletionStateConflict, personAlreadyErased } from '@/lib/privacy/erasure/deletion-requests/deletion-request-store';
import { retentionRunInProgress, retentionRunNotFound } from '@/lib/privacy/retention/errors';
import { syncConflictNotFound, syncConflictResolved, syncConflictValueHidden } from '@/lib/registry/conflicts/errors';
import { mismatchNotFound, mismatchResolved, registryUnavailable } from '@/lib/registry/backfill/errors';
import { userErased } from '@/lib/people/users/update-user';
import { userNotFound } from '@/lib/people/users/user-store';
import { webhookDeliveryNotFound, webhookDeliveryPending, webhookEndpointDisabled, webhookEndpointLimit, webhookEndpointNotFound } from '@/lib/platform/webhooks/errors';
import { idempotencyKeyInUse, idempotencyKeyReused } from '@/lib/transport/http/idempotency-errors';
import { httpStatusOf } from '@/lib/transport/http/http-of-error';
import { databaseUnavailable } from '@/lib/platform/db/database-unavailable';

const organisationId = '0b9f4a52-1d6e-4c3a-9a0e-7f2d5c8b1e43';
const resourceId = '5d2c7e90-8a1b-4f6d-b3c2-9e0a1f4d7b68';

/**
 * One sample of every error the API answers with, built with the same error classes and factories the
 * handlers throw, so the status of each code in the document (statusOf, from the error's kind) is the status the
 * server sends.
 */
export const errorCatalogue = {
  VALIDATION_ERROR: new ValidationError('The request body is invalid.', {
    location: 'body',
    issues: [{ path: 'name', code: 'too_small', message: 'Too small: expected string to have >=1 characters' }],
  }),
  UNAUTHENTICATED: new UnauthenticatedError(undefined, { reason: 'expired' }),
  FORBIDDEN: new ForbiddenError('This action requires the ADMIN role or higher.', { requiredRole: 'ADMIN' }),
  PLAN_UPGRADE_REQUIRED: planUpgradeRequired('FREE'),
  TENANT_NOT_FOUND: new NotFoundError('TENANT_NOT_FOUND', 'No organisation is served at this address.', { tenant: 'acme' }),
  ASSET_NOT_FOUND: assetNotFound(resourceId, organisationId),
  ASSET_PHOTO_NOT_FOUND: assetPhotoNotFound(resourceId),
  MAINTENANCE_ENTRY_NOT_FOUND: maintenanceEntryNotFound(resourceId),
  CATEGORY_NOT_FOUND: categoryNotFound(resourceId, organisationId),
  LOCATION_NOT_FOUND: locationNotFound(resourceId, organisationId),
  USER_NOT_FOUND: userNotFound(resourceId, organisationId),
  PERSON_NOT_FOUND: personNotFound(resourceId, organisationId),
  PERSON_NOT_REGISTERED: personNotRegistered(resourceId),
  PERSON_NOT_LOCAL_ONLY: personNotLocalOnly(resourceId, 'synced', 'P-100001'),
  MEDICAL_TREATMENT_NOT_FOUND: medicalTreatmentNotFound(resourceId, organisationId),
  ACTIVITY_NOT_FOUND: activityNotFound(resourceId, organisationId),
  ACTIVITY_COMMENT_NOT_FOUND: activityCommentNotFound(resourceId, organisationId),
  CONVERSATION_NOT_FOUND: conversationNotFound(resourceId, organisationId),
  MESSAGE_NOT_FOUND: messageNotFound(resourceId, organisationId),
  DONATION_NOT_FOUND: donationNotFound(resourceId, organisationId),
  FINANCIAL_TRANSACTION_NOT_FOUND: financialTransactionNotFound(resourceId, organisationId),
  ANTIDOPING_RECORD_NOT_FOUND: antidopingRecordNotFound(resourceId, organisationId),
  INCIDENT_REPORT_NOT_FOUND: incidentReportNotFound(resourceId, organisationId),
  LOAN_NOT_FOUND: loanNotFound(resourceId, organisationId),
  RETENTION_RUN_NOT_FOUND: retentionRunNotFound(resourceId),
  REGISTRY_MISMATCH_NOT_FOUND: mismatchNotFound(resourceId),
  REGISTRY_CONFLICT_NOT_FOUND: syncConflictNotFound(resourceId),
  INVITATION_NOT_FOUND: invitationNotFound(resourceId, organisationId),
  BACKUP_NOT_FOUND: backupNotFound(resourceId, organisationId),
  DATA_EXPORT_NOT_FOUND: dataExportNotFound(resourceId),
  DATA_DELETION_REQUEST_NOT_FOUND: dataDeletionRequestNotFound(resourceId),
  DATA_DELETION_REQUEST_STATE_CONFLICT: dataDeletionStateConflict(resourceId, 'verified', 'reject'),
  DATA_DELETION_OWN_REQUEST: dataDeletionOwnRequest(resourceId),
  DATA_DELETION_FILER_CANNOT_VERIFY: dataDeletionFilerCannotVerify(resourceId),
  PERSON_ALREADY_ERASED: personAlreadyErased(resourceId),
  LEGAL_REPORT_NOT_FOUND: legalReportNotFound(resourceId, organisationId),
  NOTIFICATION_NOT_FOUND: new NotFoundError('NOTIFICATION_NOT_FOUND', 'The notification does not exist.', { notificationId: resourceId, organisationId }),
  LOAN_CONFLICT: loanConflict(resourceId, [{ startDate: '2026-12-01', endDate: '2026-12-05', status: 'APPROVED' }]),
  LOAN_INVALID_STATE: new ConflictError('LOAN_INVALID_STATE', 'A APPROVED loan cannot be changed this way (cancel).', {
    loanId: resourceId,
    status: 'APPROVED',
    action: 'cancel',
    allowedStatuses: ['PENDING_APPROVAL'],
  }),
  LOAN_DUPLICATE_REQUEST: new ConflictError(
    'LOAN_DUPLICATE_REQUEST',
    'You already asked for this asset from 1 December 2026 to 5 December 2026; that request is still waiting for a decision. Send it again with allowDuplicate to file a second one.',
    { assetId: resourceId, existingLoans: [{ id: resourceId, status: 'PENDING_APPROVAL', startDate: '2026-12-01', endDate: '2026-12-05' }] },
  ),
  ASSET_UNAVAILABLE: new ConflictError('ASSET_UNAVAILABLE', 'The asset is maintenance and cannot be lent.', { assetId: resourceId, assetStatus: 'MAINTENANCE' }),
  ASSET_HAS_LOANS: new ConflictError('ASSET_HAS_LOANS', 'The asset has loans and cannot be deleted; retire it instead (status Retired).', { assetId: resourceId, loanCount: 2 }),
  LOAN_OUTSIDE_PERIOD: new ConflictError('LOAN_OUTSIDE_PERIOD', 'The loan can be picked up from 2026-12-01 to 2026-12-05.', {
    loanId: resourceId,
    startDate: '2026-12-01',
    endDate: '2026-12-05',
    today: '2026-11-28',
  }),
  QR_CODE_MISMATCH: new ConflictError('QR_CODE_MISMATCH', 'The scanned code is not the current label of this asset.', { loanId: resourceId, assetId: resourceId }),
  EXTENSION_NOT_ALLOWED: new ConflictError('EXTENSION_NOT_ALLOWED', 'Your organisation does not allow loan extensions.', { loanId: resourceId }),
  BACKUP_NOT_READY: backupNotReady(resourceId, 'RUNNING'),
  BACKUP_IN_PROGRESS: backupInProgress(resourceId),
  RESTORE_TARGET_NOT_EMPTY: restoreTargetNotEmpty(['assets', 'loans']),
  BACKUP_FILE_INVALID: backupFileInvalid('not_a_backup'),
  BACKUP_FROM_ANOTHER_DEPLOYMENT: backupFromAnotherDeployment(),
  BACKUP_FROM_NEWER_VERSION: backupFromNewerVersion(54, 53),
  RETENTION_RUN_IN_PROGRESS: retentionRunInProgress(resourceId),
  REGISTRY_MISMATCH_RESOLVED: mismatchResolved(resourceId, 'dismissed'),
  REGISTRY_CONFLICT_RESOLVED: syncConflictResolved(resourceId),
  CONFLICT_VALUE_HIDDEN: syncConflictValueHidden(resourceId),
  DATA_EXPORT_LINK_USED: dataExportLinkUsed(resourceId),
  PROPOSAL_NOT_FOUND: new NotFoundError('PROPOSAL_NOT_FOUND', 'The change proposal does not exist.', { proposalId: resourceId }),
  PROPOSAL_STATE_CONFLICT: proposalStateConflict(resourceId, 'submitted', 'approve'),
  EMAIL_CONFIRMATION_INVALID: new NotFoundError('EMAIL_CONFIRMATION_INVALID', 'This confirmation link is not valid: it was used already, replaced by a newer one, or never existed.'),
  EMAIL_CONFIRMATION_EXPIRED: new GoneError('EMAIL_CONFIRMATION_EXPIRED', 'This confirmation link has expired. Ask for the change again on your profile to get a new one.'),
  DATA_EXPORT_LINK_EXPIRED: dataExportLinkExpired(resourceId),
  ENDPOINT_NOT_FOUND: new NotFoundError('ENDPOINT_NOT_FOUND', 'There is no API endpoint at this path.', { path: '/api/v1/unknown' }),
  METHOD_NOT_ALLOWED: new DomainError('method_not_allowed', 'METHOD_NOT_ALLOWED', 'This endpoint supports GET, POST.', { allowed: ['GET', 'POST'] }),
  INVENTORY_NUMBER_CONFLICT: duplicateInventoryNumber('INV-2024-0042'),
  CATEGORY_NAME_CONFLICT: categoryNameConflict('Laptops'),
  LOCATION_NAME_CONFLICT: locationNameConflict('Main office'),
  CATEGORY_IN_USE: new ConflictError('CATEGORY_IN_USE', 'The category is used by assets and cannot be deleted.', { categoryId: resourceId, assetCount: 3 }),
  LOCATION_IN_USE: new ConflictError('LOCATION_IN_USE', 'The location is used by assets and cannot be deleted.', { locationId: resourceId, assetCount: 3 }),
  CUSTOM_DOMAIN_CONFLICT: customDomainConflict('assets.example.com'),
  LAST_ADMIN: new ConflictError('LAST_ADMIN', 'The organisation needs at least one active admin.', { userId: resourceId }),
  USER_ERASED: userErased(resourceId),
  INVITATION_EXISTS: invitationExists('new.colleague@example.com'),
  USER_EXISTS: userExists('new.colleague@example.com'),
  CONFLICT: new ConflictError('CONFLICT', 'The change conflicts with an existing record.'),
  REFERENCE_CONFLICT: new ConflictError('REFERENCE_CONFLICT', 'The change refers to or is referred to by another record.'),
  PAYLOAD_TOO_LARGE: new DomainError('payload_too_large', 'PAYLOAD_TOO_LARGE', 'The request body is too large.', { maxBytes: 1_000_000 }),
  UNSUPPORTED_MEDIA_TYPE: new DomainError('unsupported_media_type', 'UNSUPPORTED_MEDIA_TYPE', 'The request body must be JSON (Content-Type: application/json).', {
    contentType: 'text/plain',
  }),
  INVALID_SIGNATURE: new DomainError('invalid_signature', 'INVALID_SIGNATURE', 'The webhook signature could not be verified.', { reason: 'invalid_signature' }),
  REGISTRY_UNAVAILABLE: registryUnavailable(),
  REGISTRY_SYNC_OFF: new DomainError('unavailable', 'REGISTRY_SYNC_OFF', 'Registry synchronisation is not configured on this platform (phase 0).'),
  CODELIST_NOT_FOUND: new NotFoundError('CODELIST_NOT_FOUND', 'There is no code list "sports".', { name: 'sports' }),
  CODELIST_VALUE_NOT_FOUND: new NotFoundError('CODELIST_VALUE_NOT_FOUND', 'This code list has no such value.', { codelist: 'sport', id: resourceId }),
  CODELIST_VALUE_EXISTS: new ConflictError('CODELIST_VALUE_EXISTS', 'The registry already has the code "football" in this list.', { code: 'football' }),
  CODELIST_VALUE_READ_ONLY: new ConflictError('CODELIST_VALUE_READ_ONLY', 'This value comes from the registry and cannot be changed here; add a custom value instead.', { codelist: 'sport', id: resourceId, code: 'football' }),
  REGISTRY_ORGANISATION_NOT_FOUND: new DomainError('unprocessable', 'REGISTRY_ORGANISATION_NOT_FOUND', 'The registry knows no organisation with the id "O-9999".', { registryId: 'O-9999' }),
  REGISTRY_ID_TAKEN: new ConflictError('REGISTRY_ID_TAKEN', 'Another organisation is already linked to the registry id "O-2001".', { registryId: 'O-2001' }),
  WEBHOOK_ENDPOINT_NOT_FOUND: webhookEndpointNotFound(resourceId, organisationId),
  WEBHOOK_DELIVERY_NOT_FOUND: webhookDeliveryNotFound(resourceId),
  WEBHOOK_ENDPOINT_LIMIT: webhookEndpointLimit(20),
  WEBHOOK_ENDPOINT_DISABLED: webhookEndpointDisabled(resourceId),
  WEBHOOK_DELIVERY_PENDING: webhookDeliveryPending(resourceId),
  IDEMPOTENCY_KEY_REUSED: idempotencyKeyReused('different_body'),
  IDEMPOTENCY_KEY_IN_USE: idempotencyKeyInUse(5),
  RATE_LIMITED: new RateLimitedError(17),
  EXPORT_LIMIT_REACHED: new ExportLimitReachedError(EXPORT_CONCURRENCY_LIMIT, EXPORT_RETRY_AFTER_SECONDS),
  DATABASE_UNAVAILABLE: databaseUnavailable(),
  INTERNAL_ERROR: new DomainError('internal', 'INTERNAL_ERROR', 'An unexpected error occurred.', { requestId: '3f1e9c4a-7b2d-4e8f-a6c5-0d9b8e7f6a51' }),
} satisfies Record<string, DomainError>;

export type ErrorCode = keyof typeof errorCatalogue;

/** The status the server answers a code with: its error's kind through the edge's one table. */
export function statusOf(code: ErrorCode): number {
  return httpStatusOf(errorCatalogue[code].kind);
}

export function exampleBodyOf(code: ErrorCode) {
  const error = errorCatalogue[code];
  return { error: { code: error.code, message: error.message, details: error.details } };
}
