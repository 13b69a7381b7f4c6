import type { retentionRuns } from '@/db/schema';
import type { RetentionRunDto } from './schemas';

export type { RetentionRunDto };

export function toRetentionRunDto(row: typeof retentionRuns.$inferSelect): RetentionRunDto {
  return {
    id: row.id,
    dryRun: row.dryRun,
    trigger: row.trigger === 'manual' ? 'manual' : 'schedule',
    requestedByUserId: row.requestedByUserId,
    asOf: row.asOf.toISOString(),
    status: row.status,
    results: row.results as RetentionRunDto['results'],
    error: row.error,
    startedAt: row.startedAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? null,
  };
}
