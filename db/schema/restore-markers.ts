import { sql } from 'drizzle-orm';
import { bigserial, check, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { instant } from './columns';

export type RestoreMarkerResult = { entries: number; tenants: number; reErased: number; alreadyErased: number; notFound: number };

/**
 * One row per restore of the tenant database (spec 001, "re-erasure after any restore"): the operator's, not a
 * tenant's, so it has no organisation_id. The first instance to start after the restore replays the deletion
 * ledger and stamps the row; later starts find no pending row and read no ledger
 * (lib/privacy/erasure/restore-marker-replay.ts).
 */
export const restoreMarkers = pgTable(
  'restore_markers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** Where the data came from, in the operator's words: "pgBackRest to 09:00 today", "pg_restore of last night's dump". */
    source: text('source').notNull(),
    ledgerReplayedAt: instant('ledger_replayed_at'),
    ledgerResult: jsonb('ledger_result').$type<RestoreMarkerResult>(),
  },
  (t) => [
    check('restore_markers_source_check', sql`length(btrim(${t.source})) between 1 and 500`),
    // A replayed marker carries what the replay found; a pending one carries nothing yet.
    check('restore_markers_result_check', sql`(${t.ledgerReplayedAt} is null) = (${t.ledgerResult} is null)`),
  ],
);
