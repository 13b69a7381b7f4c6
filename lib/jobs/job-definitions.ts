import { BACKUP_REQUESTED_EVENT } from '@/lib/backups/request-backup';
import { getConfig } from '@/lib/config';
import { DATA_EXPORT_REQUESTED_EVENT } from '@/lib/data-export/request-data-export';
import { getDb } from '@/lib/db/get-db';
import { OUTBOX_ENQUEUED_EVENT } from '@/lib/notifications/enqueue-email';
import { createMailer } from '@/lib/notifications/mailer';
import { createBackups } from './create-backups';
import { createDataExports } from './create-data-exports';
import { deliverOutbox } from './deliver-outbox';
import type { JobDeps } from './job-deps';
import { markOverdueLoans } from './mark-overdue-loans';
import { sendLoanReminders } from './send-loan-reminders';

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

export const jobDefinitions: readonly JobDefinition[] = [deliverOutboxJob, sendLoanRemindersJob, markOverdueLoansJob, createBackupsJob, createDataExportsJob];

export async function createJobDeps(): Promise<JobDeps> {
  const config = getConfig();
  return {
    db: await getDb(),
    mailer: createMailer(config),
    now: () => new Date(),
    emailFrom: config.EMAIL_FROM,
    appBaseUrl: config.APP_BASE_URL,
    log: console,
  };
}
