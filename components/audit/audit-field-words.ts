import { activityTypeLabels } from '@/components/people/activity-labels';
import { personRoleLabels, registryStateWords } from '@/components/people/person-labels';
import { antidopingKindLabels, antidopingResultLabels, conversationKindLabels, incidentSeverityLabels, incidentStatusLabels, transactionKindLabels } from '@/components/records/record-labels';
import { dutyLabels } from '@/lib/people/users/duty-labels';
import { roleLabels } from '@/lib/people/users/role-labels';
import { assetStatusLabels, backupStatusLabels, extensionModeLabels, loanStatusLabels, maintenanceKindLabels, maintenanceStatusLabels } from '@/lib/platform/format/value-labels';
import { fieldLabel } from '@/lib/platform/validation/field-labels';

/**
 * The words of the audit log for every field an audit entry records as changed. A field written by the code must
 * have its label here (tests/unit/platform/audit/audit-words.test.ts finds them in lib/); a field added before its
 * words still reads as words, spelled out from its name, never as the name itself.
 */
const labels: Record<string, string> = {
  accentColor: 'Accent colour',
  active: 'Active',
  address: 'Address',
  amount: 'Amount',
  anonymousToPublic: 'Anonymous in public lists',
  approverId: 'Approver',
  approverRules: 'Approver rules',
  authority: 'Testing authority',
  backgroundColor: 'Background colour',
  birthDate: 'Birth date',
  body: 'Text',
  campaign: 'Campaign',
  categoryId: 'Category',
  code: 'Code',
  cost: 'Cost',
  currency: 'Currency',
  customDomain: 'Own web address',
  customFields: 'Category fields',
  decidedById: 'Decided by',
  defaultApproverUserId: 'Default approver',
  deletedAt: 'No longer active since',
  description: 'Description',
  donatedAt: 'Date of the gift',
  downloadedAt: 'Downloaded',
  duties: 'Duties',
  email: 'E-mail address',
  emailTemplates: 'E-mail texts',
  enabled: 'Switched on',
  endDate: 'Return date',
  endedAt: 'Ended',
  eventTypes: 'Events sent',
  extensionRequestedEndDate: 'Requested return date',
  extensions: 'Longer loans',
  firstName: 'First name',
  inventoryNumber: 'Inventory number',
  isActive: 'Active',
  kind: 'Kind',
  label: 'Name',
  language: 'Language',
  lastName: 'Last name',
  legalContactEmail: 'Legal contact e-mail',
  locationId: 'Location',
  loginTagline: 'Sign-in tagline',
  logo: 'Logo',
  logoSvg: 'Logo',
  manufacturer: 'Manufacturer',
  marketingOptOut: 'No marketing',
  maxAdvanceBookingDays: 'Booking ahead (days)',
  maxLoanDays: 'Longest loan (days)',
  model: 'Model',
  mutedColor: 'Muted text colour',
  name: 'Name',
  nationality: 'Nationality',
  occurredAt: 'Date',
  officialEmail: 'Official e-mail',
  ownerId: 'Owner',
  parentActivityId: 'Part of',
  performedOn: 'Date done',
  personId: 'Person',
  phone: 'Phone',
  photoUrl: 'Photo',
  preferences: 'Notifications',
  preferredEmail: 'Preferred e-mail',
  primaryColor: 'Primary colour',
  primaryRole: 'Role in the club',
  processingRestricted: 'Processing restricted',
  purchaseDate: 'Purchase date',
  purpose: 'Purpose',
  requesterId: 'Borrower',
  reference: 'Reference',
  registryId: 'Sports registry record',
  rejectionReason: 'Reason for rejection',
  requireApproval: 'Approval required',
  retentionDays: 'Messages kept for',
  retentionExtendedUntil: 'Messages kept at least until',
  role: 'Role',
  scheduledFor: 'Planned date',
  serialNumber: 'Serial number',
  severity: 'Severity',
  socialImageUrl: 'Link preview image',
  startDate: 'Pickup date',
  startedAt: 'Started',
  status: 'Status',
  assetStatus: 'Asset status',
  supplier: 'Supplier',
  syncStatus: 'Sports registry',
  targetDueAt: 'To be done by',
  testedAt: 'Date of the test',
  title: 'Title',
  treatmentEndedAt: 'Treatment ended',
  type: 'Kind of activity',
  url: 'Address',
  value: 'Value',
  vendor: 'Done by',
  warrantyMonths: 'Warranty (months)',
  // Inside the notification preferences and the e-mail texts of the branding.
  channels: 'Channels',
  inApp: 'Notifications in the portal',
  subject: 'Subject',
  intro: 'Opening paragraph',
  welcome: 'Welcome e-mail',
  loanApproved: 'Loan approved e-mail',
  reminder: 'Reminder e-mail',
};

// Inner fields whose own label would be ambiguous: the e-mail channel is not an e-mail address.
const pathLabels: Record<string, string> = {
  'preferences.channels.email': 'E-mails about loans',
  'preferences.channels.inApp': 'Notifications in the portal',
  'preferences.marketingOptOut': 'No marketing',
};

/** Whether a changed field has words of its own here (the unit test asks for every field lib/ writes). */
export function hasAuditFieldWords(field: string): boolean {
  return field in labels;
}

/** The label of a changed field, or of an inner field by its path ("preferences.channels.email"). */
export function auditFieldLabel(field: string, path = field): string {
  return pathLabels[path] ?? labels[field] ?? fieldLabel(field);
}

const changeRequestStatus: Record<string, string> = {
  pending: 'Waiting for approval',
  approved_locally: 'Approved, queued for the registry',
  submitted: 'Sent to the registry',
  accepted: 'Accepted',
  rejected: 'Not accepted',
};

// Statuses by the kind of record, as each record's own screen words them.
const statusByTarget: Record<string, Record<string, string>> = {
  ASSET: assetStatusLabels,
  LOAN: loanStatusLabels,
  BACKUP: backupStatusLabels,
  MAINTENANCE: maintenanceStatusLabels,
  PERSON: changeRequestStatus,
  INCIDENT_REPORT: incidentStatusLabels,
  ANTIDOPING_RECORD: antidopingResultLabels,
  DATA_EXPORT: { pending: 'Waiting', running: 'Being prepared', ready: 'Ready to download', failed: 'Failed', expired: 'Expired' },
  DATA_DELETION_REQUEST: { pending: 'Waiting for identity check', verified: 'Identity checked', in_progress: 'Being carried out', completed: 'Done', rejected: 'Declined' },
  RETENTION_RUN: { running: 'Running', succeeded: 'Finished', failed: 'Failed' },
  ORGANISATION: { requested: 'Requested', running: 'Running', completed: 'Done', failed: 'Failed' },
};

const kindByTarget: Record<string, Record<string, string>> = {
  MAINTENANCE: maintenanceKindLabels,
  FINANCIAL_TRANSACTION: transactionKindLabels,
  ANTIDOPING_RECORD: antidopingKindLabels,
  CONVERSATION: conversationKindLabels,
};

const registryStates = Object.fromEntries(Object.entries(registryStateWords).map(([state, words]) => [state, words.label]));

/** The words for a stored value of a field, where the field holds one of a fixed set of values. */
export function auditValueWords(field: string, targetType: string): Record<string, string> | undefined {
  switch (field) {
    case 'status':
      return statusByTarget[targetType];
    case 'kind':
      return kindByTarget[targetType] ?? maintenanceKindLabels;
    case 'assetStatus':
      return assetStatusLabels;
    case 'role':
      return roleLabels;
    case 'duties':
      return dutyLabels;
    case 'extensions':
      return extensionModeLabels;
    case 'severity':
      return incidentSeverityLabels;
    case 'type':
      return activityTypeLabels;
    case 'primaryRole':
      return personRoleLabels;
    case 'syncStatus':
      return registryStates;
    default:
      return undefined;
  }
}

/** Fields holding one of a fixed set of values: an unknown value of theirs is still shown as words. */
export const enumFields = new Set(['status', 'assetStatus', 'kind', 'role', 'extensions', 'severity', 'type', 'primaryRole', 'syncStatus', 'trigger', 'format']);
