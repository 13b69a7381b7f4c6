import { BACKUP_REQUESTED_EVENT } from '@/lib/privacy/backups/request-backup';
import { getConfig } from '@/lib/platform/config';
import { DATA_EXPORT_REQUESTED_EVENT } from '@/lib/privacy/data-export/request-data-export';
import { getDb } from '@/lib/platform/db/get-db';
import { OUTBOX_ENQUEUED_EVENT } from '@/lib/platform/notifications/enqueue-email';
import { createContactRemover } from '@/lib/platform/notifications/contact-removal';
import { createMailer } from '@/lib/platform/notifications/mailer';
import { DATA_DELETION_VERIFIED_EVENT } from '@/lib/privacy/erasure/deletion-requests/verify-deletion-request';
import { configuredPrivacy } from '@/lib/privacy/retention/anonymise-persons';
import { applyRetention } from '@/lib/privacy/jobs/apply-retention';
import { createBackups } from '@/lib/privacy/jobs/create-backups';
import { createDataExports } from '@/lib/privacy/jobs/create-data-exports';
import { createLegalReports } from '@/lib/privacy/jobs/create-legal-reports';
import { deliverOutbox } from './deliver-outbox';
import type { JobDeps } from '@/lib/platform/jobs/job-deps';
import { markOverdueLoans } from '@/lib/lending/jobs/mark-overdue-loans';
import { processDataDeletions } from '@/lib/privacy/jobs/process-data-deletions';
import { notifyOverdueErasureRequests } from '@/lib/privacy/jobs/notify-overdue-erasure-requests';
import { processRegistryWebhooks } from '@/lib/registry/jobs/process-registry-webhooks';
import { processRegistryDataWebhooks } from '@/lib/registry/jobs/process-registry-data-webhooks';
import { purgeIdempotencyKeys } from './purge-idempotency-keys';
import { reconcileRegistry } from '@/lib/registry/jobs/reconcile-registry';
import { runRegistryBackfills } from '@/lib/registry/jobs/registry-backfill';
import { REGISTRY_BACKFILL_REQUESTED_EVENT } from '@/lib/registry/backfill/backfill-store';
import { syncCodelists } from '@/lib/registry/jobs/sync-codelists';
import { syncRegistryOrganisations } from '@/lib/registry/jobs/sync-registry-organisations';
import { getRegistryAdapter } from '@/lib/registry/adapter/get-registry-adapter';
import { REGISTRY_WEBHOOK_RECEIVED_EVENT } from '@/lib/registry/inbound/webhook-payload';
import { sendLoanReminders } from '@/lib/lending/jobs/send-loan-reminders';
import { submitPersonChangeProposals } from '@/lib/registry/jobs/submit-person-change-proposals';
import { PERSON_CHANGE_PROPOSAL_APPROVED_EVENT } from '@/lib/registry/proposals/approve-proposal';
import { WEBHOOK_DELIVERY_ENQUEUED_EVENT } from '@/lib/platform/webhooks/emit-webhook-event';
import { webhookTargetPolicy } from '@/lib/platform/webhooks/target-policy';
import { deliverWebhooks } from '@/lib/platform/jobs/deliver-webhooks';

export type JobResult = Record<string, number>;

/** One job, whichever engine runs it (DESIGN.md invariant 6): Inngest in production, the in-process driver otherwise. */
export type JobDefinition = {
  id: string;
  /** Five-field cron expression, UTC. */
  cron: string;
  events?: readonly string[];
  run: (deps: JobDeps) => Promise<JobResult>;
};

export const deliverOutboxJob: JobDefinition = {
  id: 'deliver-outbox',
  cron: '* * * * *',
  events: [OUTBOX_ENQUEUED_EVENT],
  run: (deps) => deliverOutbox(deps),
};

export const sendLoanRemindersJob: JobDefinition = { id: 'send-loan-reminders', cron: '0 * * * *', run: sendLoanReminders };

export const markOverdueLoansJob: JobDefinition = { id: 'mark-overdue-loans', cron: '0 * * * *', run: markOverdueLoans };

// The event starts a requested backup at once; the sweep picks up any whose event was lost.
export const createBackupsJob: JobDefinition = {
  id: 'create-backups',
  cron: '*/5 * * * *',
  events: [BACKUP_REQUESTED_EVENT],
  run: (deps) => createBackups(deps),
};

// Same pattern for data exports (spec 001's 48-hour target leaves room; moments are the norm); every run also
// expires lapsed links, so the sweep keeps no file past its link.
export const createDataExportsJob: JobDefinition = {
  id: 'create-data-exports',
  cron: '*/5 * * * *',
  events: [DATA_EXPORT_REQUESTED_EVENT],
  run: (deps) => createDataExports({ ...deps, linkTtlMs: getConfig().DATA_EXPORT_LINK_TTL_HOURS * 60 * 60 * 1000 }),
};

// Verification starts the erasure at once; the sweep takes up a lost event, a failed attempt and a runner that died.
export const processDataDeletionsJob: JobDefinition = {
  id: 'process-data-deletions',
  cron: '*/5 * * * *',
  events: [DATA_DELETION_VERIFIED_EVENT],
  run: (deps) => processDataDeletions({ ...deps, privacy: configuredPrivacy }),
};

// Spec 001: an erasure request past its target or legal limit reaches the admins' notifications within the hour, once.
export const notifyOverdueErasureRequestsJob: JobDefinition = { id: 'notify-overdue-erasure-requests', cron: '10 * * * *', run: notifyOverdueErasureRequests };

// Spec 001: the retention job runs daily at 02:00 UTC over every tenant.
export const applyRetentionJob: JobDefinition = { id: 'apply-retention', cron: '0 2 * * *', run: (deps) => applyRetention({ ...deps, privacy: configuredPrivacy }) };

// On the 1st at 03:00 UTC, after the night's 02:00 retention run, so the report sees what that run left behind.
export const createLegalReportsJob: JobDefinition = { id: 'create-legal-reports', cron: '0 3 1 * *', run: createLegalReports };

// Spec 002, sync in: the event processes a verified webhook at once; the sweep retries those the registry could
// not answer for. Both do nothing in phase 0 (REGISTRY_URL unset) and say so.
export const processRegistryWebhooksJob: JobDefinition = {
  id: 'process-registry-webhooks',
  cron: '* * * * *',
  events: [REGISTRY_WEBHOOK_RECEIVED_EVENT],
  run: (deps) => processRegistryWebhooks({ ...deps, registry: getRegistryAdapter() }),
};

export const reconcileRegistryJob: JobDefinition = { id: 'reconcile-registry', cron: '0 2 * * *', run: (deps) => reconcileRegistry({ ...deps, registry: getRegistryAdapter() }) };

// Spec 002, phase 1: the initial backfill runs at night (after the reconcile) for tenants that asked for it and
// have not finished, resuming them; an admin's request starts it at once.
export const registryBackfillJob: JobDefinition = {
  id: 'registry-backfill',
  cron: '30 2 * * *',
  events: [REGISTRY_BACKFILL_REQUESTED_EVENT],
  run: (deps) => runRegistryBackfills({ ...deps, registry: getRegistryAdapter() }),
};

// Spec 002: organisation and code-list webhooks are applied at once by their own job (the person job's failures
// and retries stay apart); the scheduled syncs follow the entity table's cadences.
export const processRegistryDataWebhooksJob: JobDefinition = {
  id: 'process-registry-data-webhooks',
  cron: '* * * * *',
  events: [REGISTRY_WEBHOOK_RECEIVED_EVENT],
  run: (deps) => processRegistryDataWebhooks({ ...deps, registry: getRegistryAdapter() }),
};

/** Organisations nightly, after the person reconcile. */
export const syncRegistryOrganisationsJob: JobDefinition = { id: 'sync-registry-organisations', cron: '15 2 * * *', run: (deps) => syncRegistryOrganisations({ ...deps, registry: getRegistryAdapter() }) };

/** League and competition daily. */
export const syncCodelistsDailyJob: JobDefinition = { id: 'sync-codelists-daily', cron: '30 2 * * *', run: (deps) => syncCodelists({ ...deps, registry: getRegistryAdapter(), cadence: 'daily' }) };

/** Sport, region and athlete category weekly (Mondays). */
export const syncCodelistsWeeklyJob: JobDefinition = { id: 'sync-codelists-weekly', cron: '45 2 * * 1', run: (deps) => syncCodelists({ ...deps, registry: getRegistryAdapter(), cadence: 'weekly' }) };

// Spec 002, sync out: an approval starts the submission at once; the sweep retries what the registry could not take
// (growing pauses, never given up) and asks after submitted proposals, whose rejection arrives only that way.
export const submitPersonChangeProposalsJob: JobDefinition = {
  id: 'submit-person-change-proposals',
  cron: '* * * * *',
  events: [PERSON_CHANGE_PROPOSAL_APPROVED_EVENT],
  run: (deps) => submitPersonChangeProposals({ ...deps, registry: getRegistryAdapter() }),
};

// Outbound webhooks (issue 17): a new delivery starts a run at once; the sweep sends retries as they fall due.
export const deliverWebhooksJob: JobDefinition = {
  id: 'deliver-webhooks',
  cron: '* * * * *',
  events: [WEBHOOK_DELIVERY_ENQUEUED_EVENT],
  run: (deps) => deliverWebhooks({ ...deps, targetPolicy: webhookTargetPolicy(getConfig()) }),
};
// Issue 17: Idempotency-Keys answer for 24 hours; the hourly sweep deletes them within the hour after.
export const purgeIdempotencyKeysJob: JobDefinition = { id: 'purge-idempotency-keys', cron: '20 * * * *', run: purgeIdempotencyKeys };

export const jobDefinitions: readonly JobDefinition[] = [
  deliverOutboxJob,
  sendLoanRemindersJob,
  markOverdueLoansJob,
  createBackupsJob,
  createDataExportsJob,
  processDataDeletionsJob,
  notifyOverdueErasureRequestsJob,
  applyRetentionJob,
  createLegalReportsJob,
  processRegistryWebhooksJob,
  reconcileRegistryJob,
  registryBackfillJob,
  processRegistryDataWebhooksJob,
  syncRegistryOrganisationsJob,
  syncCodelistsDailyJob,
  syncCodelistsWeeklyJob,
  submitPersonChangeProposalsJob,
  deliverWebhooksJob,
  purgeIdempotencyKeysJob,
];

export async function createJobDeps(): Promise<JobDeps> {
  const config = getConfig();
  return {
    db: await getDb(),
    mailer: createMailer(config),
    contactRemover: createContactRemover(config),
    now: () => new Date(),
    emailFrom: config.EMAIL_FROM,
    appBaseUrl: config.APP_BASE_URL,
    log: console,
  };
}
