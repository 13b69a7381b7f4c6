/** Stored enum values as people read them; badges, lists and the audit log all take their words from here. */
export const assetStatusLabels: Record<string, string> = { AVAILABLE: 'Available', LOANED: 'On loan', MAINTENANCE: 'Maintenance', RETIRED: 'Retired' };

export const loanStatusLabels: Record<string, string> = {
  PENDING_APPROVAL: 'Awaiting approval',
  APPROVED: 'Ready for pickup',
  ACTIVE: 'On loan',
  RETURNED: 'Returned',
  REJECTED: 'Rejected',
  CANCELLED: 'Cancelled',
};

export const backupStatusLabels: Record<string, string> = { PENDING: 'Pending', RUNNING: 'Running', READY: 'Ready', FAILED: 'Failed', EXPIRED: 'Expired' };

export const maintenanceKindLabels: Record<string, string> = { REPAIR: 'Repair', SERVICE: 'Service', INSPECTION: 'Inspection' };

export const maintenanceStatusLabels: Record<string, string> = { PLANNED: 'Planned', DONE: 'Done' };

export const extensionModeLabels: Record<string, string> = { NOT_ALLOWED: 'Not allowed', AUTOMATIC: 'Granted at once', REQUIRES_APPROVAL: 'Need approval' };

