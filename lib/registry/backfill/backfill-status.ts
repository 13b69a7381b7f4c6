import type { Executor } from '@/db/client';
import { countBackfillState, loadBackfill } from './backfill-store';
import type { RegistryBackfillStatus } from './schemas';

const iso = (value: Date | null) => value?.toISOString() ?? null;

/** The host of the registry address only: neither path, credentials in the URL, nor the API key. */
export function registryHost(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}

export async function getBackfillStatus(tx: Executor, ctx: { organisationId: string }, registry: { configured: boolean; url?: string }): Promise<RegistryBackfillStatus> {
  const [row, counts] = await Promise.all([loadBackfill(tx, ctx.organisationId), countBackfillState(tx, ctx.organisationId)]);
  return {
    phase: registry.configured ? 'on' : 'off',
    registryHost: registry.configured ? registryHost(registry.url) : null,
    backfill: {
      status: row?.status ?? 'not_started',
      snapshotId: row?.snapshotId ?? null,
      progress: { lastPage: row?.lastPage ?? 0, totalPages: row?.totalPages ?? null },
      requestedAt: iso(row?.requestedAt ?? null),
      startedAt: iso(row?.startedAt ?? null),
      finishedAt: iso(row?.finishedAt ?? null),
      lastError: row?.lastError ?? null,
    },
    counts,
  };
}
