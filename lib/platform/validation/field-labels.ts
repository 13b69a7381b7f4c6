/**
 * The words people know a field by, shared by validation messages and the audit log. Keys are the field
 * names of the API and the stored records; a field missing here is spelled out from its name.
 */
const fieldLabels: Record<string, string> = {
  accentColor: 'Accent colour',
  action: 'Action',
  actorUserId: 'Person',
  address: 'Address',
  anonymousToPublic: 'Anonymous in public lists',
  approverId: 'Approver',
  approverRules: 'Approver rules',
  approverUserId: 'Approver',
  assetId: 'Asset',
  assetIds: 'Assets',
  backgroundColor: 'Background colour',
  body: 'Text',
  categoryId: 'Category',
  cost: 'Cost',
  currency: 'Currency',
  cursor: 'Page position',
  customDomain: 'Custom domain',
  customFields: 'Category fields',
  decidedById: 'Decided by',
  defaultApproverUserId: 'Default approver',
  description: 'Description',
  email: 'E-mail address',
  emailTemplates: 'E-mail templates',
  endDate: 'Return date',
  extensionRequestedEndDate: 'Requested return date',
  extensions: 'Extensions',
  intro: 'Opening paragraph',
  inventoryNumber: 'Inventory number',
  isActive: 'Active',
  key: 'Key',
  kind: 'Kind',
  label: 'Label',
  limit: 'Page size',
  loanId: 'Loan',
  locationId: 'Location',
  loginTagline: 'Sign-in tagline',
  logoSvg: 'Logo',
  manufacturer: 'Manufacturer',
  maxAdvanceBookingDays: 'Booking ahead (days)',
  maxLoanDays: 'Longest loan (days)',
  model: 'Model',
  mutedColor: 'Muted text colour',
  name: 'Name',
  options: 'Options',
  ownerId: 'Owner',
  performedOn: 'Date done',
  personId: 'Person',
  photo: 'Photo',
  photoUrl: 'Photo',
  primaryColor: 'Primary colour',
  purchaseDate: 'Purchase date',
  purpose: 'Purpose',
  q: 'Search',
  qrCodeToken: 'QR code',
  reason: 'Reason',
  rejectionReason: 'Reason for rejection',
  reportedByUserId: 'Reported by',
  requireApproval: 'Approval required',
  role: 'Role',
  scheduledFor: 'Planned date',
  serialNumber: 'Serial number',
  socialImageUrl: 'Link preview image',
  sort: 'Sort order',
  startDate: 'Pickup date',
  status: 'Status',
  subject: 'Subject',
  subjectPseudonym: 'Pseudonym',
  supplier: 'Supplier',
  targetId: 'Target',
  targetType: 'Target type',
  title: 'Title',
  treatedByUserId: 'Treated by',
  type: 'Type',
  userId: 'Person',
  value: 'Value',
  vendor: 'Vendor',
  warrantyMonths: 'Warranty (months)',
};

/** "warrantyMonths" -> "Warranty (months)"; an unknown "fooBar" -> "Foo bar". */
export function fieldLabel(field: string): string {
  const known = fieldLabels[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replaceAll('_', ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** The label of the innermost named field of an issue path: ['emailTemplates', 'welcome', 'subject'] -> "Subject". */
export function pathLabel(path: readonly PropertyKey[]): string | null {
  for (let index = path.length - 1; index >= 0; index--) {
    const segment = path[index];
    if (typeof segment === 'string') return fieldLabel(segment);
  }
  return null;
}
