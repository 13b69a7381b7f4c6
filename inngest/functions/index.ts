import { applyRetentionFunction } from './apply-retention';
import { createBackupsFunction } from './create-backups';
import { createDataExportsFunction } from './create-data-exports';
import { createLegalReportsFunction } from './create-legal-reports';
import { deliverOutboxFunction } from './deliver-outbox';
import { deliverWebhooksFunction } from './deliver-webhooks';
import { markOverdueLoansFunction } from './mark-overdue-loans';
import { processDataDeletionsFunction } from './process-data-deletions';
import { processRegistryWebhooksFunction } from './process-registry-webhooks';
import { processRegistryDataWebhooksFunction } from './process-registry-data-webhooks';
import { purgeIdempotencyKeysFunction } from './purge-idempotency-keys';
import { reconcileRegistryFunction } from './reconcile-registry';
import { registryBackfillFunction } from './registry-backfill';
import { sendLoanRemindersFunction } from './send-loan-reminders';
import { syncCodelistsDailyFunction } from './sync-codelists-daily';
import { syncCodelistsWeeklyFunction } from './sync-codelists-weekly';
import { submitPersonChangeProposalsFunction } from './submit-person-change-proposals';
import { syncRegistryOrganisationsFunction } from './sync-registry-organisations';

export const inngestFunctions = [
  deliverOutboxFunction,
  sendLoanRemindersFunction,
  markOverdueLoansFunction,
  createBackupsFunction,
  createDataExportsFunction,
  processDataDeletionsFunction,
  applyRetentionFunction,
  createLegalReportsFunction,
  processRegistryWebhooksFunction,
  reconcileRegistryFunction,
  registryBackfillFunction,
  processRegistryDataWebhooksFunction,
  syncRegistryOrganisationsFunction,
  syncCodelistsDailyFunction,
  syncCodelistsWeeklyFunction,
  submitPersonChangeProposalsFunction,
  deliverWebhooksFunction,
  purgeIdempotencyKeysFunction,
];
