import { type CodelistCadence, recordCodelistSyncError, registryCodelistsDue, syncRegistryCodelist } from '@/lib/registry/codelists/sync-registry-codelist';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';
import { describeError, type JobDeps } from '@/lib/platform/jobs/job-deps';

export type SyncCodelistsDeps = Pick<JobDeps, 'db' | 'now' | 'log'> & { registry: RegistryAdapter | null; cadence: CodelistCadence | 'all' };
export type SyncCodelistsResult = { lists: number; added: number; modified: number; deactivated: number; failed: number; phase0: number };

/**
 * The scheduled code-list sync (spec 002 cadences): every registry list of the given cadence, incrementally
 * with changedSince. Local-only lists are never requested. One list failing does not stop the others; its
 * error is recorded on the list and its changedSince stays, so the next run asks again.
 */
export async function syncCodelists(deps: SyncCodelistsDeps): Promise<SyncCodelistsResult> {
  const result: SyncCodelistsResult = { lists: 0, added: 0, modified: 0, deactivated: 0, failed: 0, phase0: 0 };
  if (!deps.registry) {
    deps.log?.info('[quartermaster] registry sync is off (phase 0: REGISTRY_URL unset); code lists are not synced');
    result.phase0 = 1;
    return result;
  }
  for (const name of await registryCodelistsDue(deps.db, deps.cadence)) {
    try {
      const synced = await syncRegistryCodelist(deps.db, deps.registry, name, deps.now());
      result.lists += 1;
      result.added += synced.added;
      result.modified += synced.modified;
      result.deactivated += synced.deactivated;
    } catch (error) {
      result.failed += 1;
      deps.log?.warn(`[quartermaster] syncing code list ${name} with the registry failed: ${describeError(error)}`);
      await recordCodelistSyncError(deps.db, name, describeError(error));
    }
  }
  return result;
}
