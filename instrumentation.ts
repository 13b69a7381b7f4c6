// Opens the database (and applies migrations) when the server starts, so a broken configuration fails fast
// instead of on the first request; then starts the job engine (DESIGN.md invariant 6). Validation messages are
// worded for people before any request is parsed.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { installHumanIssueMessages } = await import('@/lib/platform/validation/human-issue-message');
  installHumanIssueMessages();
  const { getConnection } = await import('@/lib/platform/db/get-db');
  await getConnection();
  const { getConfig } = await import('@/lib/platform/config');
  const config = getConfig();
  // After a restore (a pending restore marker), subjects erased since the backup was taken are erased again before
  // anyone reads them; one instance replays the ledger, the others wait for it. Without a pending marker no ledger is read.
  const { replayLedgerAtStartup } = await import('@/lib/privacy/erasure/replay-ledger-at-startup');
  await replayLedgerAtStartup(config);
  const { setEventDispatcher } = await import('@/lib/platform/jobs/dispatch-event');
  if (config.INNGEST_EVENT_KEY || config.INNGEST_DEV) {
    const { sendInngestEvent } = await import('@/inngest/client');
    setEventDispatcher(sendInngestEvent);
  } else if (config.JOBS_IN_PROCESS) {
    const { startInProcessDriver } = await import('@/lib/transport/jobs/in-process-driver');
    startInProcessDriver();
  }
}
