/** What following a notification's link opens, by its kind; "Open" for a kind this list does not know yet. */
const labels: Record<string, string> = {
  LOAN_REQUESTED: 'Open the request',
  LOAN_EXTENSION_REQUESTED: 'Open the loan',
  DATA_DELETION_OVERDUE: 'Open the erasure request',
  DATA_DELETION_REJECTED: 'See your erasure requests',
  REGISTRY_SYNC_CONFLICT: 'Review the registry conflicts',
  WEBHOOK_DELIVERY_FAILED: 'Open the webhook endpoint',
};

export function notificationLinkLabel(kind: string, link: string): string {
  return labels[kind] ?? (link.startsWith('/loans/') ? 'Open the loan' : 'Open');
}
