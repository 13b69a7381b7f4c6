-- Issue 27: several app instances share one database; each scheduled job runs once per tick across all of them.
-- A row per job holds who runs it and until when: a holder that dies (kill -9) stops renewing, and once
-- expires_at has passed another instance takes the job over. last_tick_at is the latest cron tick that some
-- instance has run, so a second instance firing the same tick finds it taken. Platform-wide, no tenant column.
CREATE TABLE job_leases (
  job_id text PRIMARY KEY,
  holder text,
  expires_at timestamptz NOT NULL DEFAULT '-infinity',
  last_tick_at timestamptz,
  last_started_at timestamptz,
  runs bigint NOT NULL DEFAULT 0
);--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE ON job_leases TO quartermaster_app;
