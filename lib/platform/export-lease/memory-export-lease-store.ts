import type { ExportLeaseStore } from './export-lease-store';

/** The embedded mode's semaphore: one process, so the count is exact without a shared store. */
export function createMemoryExportLeaseStore(now: () => number = Date.now): ExportLeaseStore {
  const leases = new Map<string, Map<string, number>>();

  function live(organisationId: string): Map<string, number> {
    const held = leases.get(organisationId) ?? new Map<string, number>();
    for (const [leaseId, expiresAt] of held) if (expiresAt <= now()) held.delete(leaseId);
    leases.set(organisationId, held);
    return held;
  }

  return {
    backend: 'memory',
    async acquire(organisationId, leaseId, limit, ttlMs) {
      const held = live(organisationId);
      if (held.size >= limit) return false;
      held.set(leaseId, now() + ttlMs);
      return true;
    },
    async renew(organisationId, leaseId, ttlMs) {
      const held = live(organisationId);
      if (held.has(leaseId)) held.set(leaseId, now() + ttlMs);
    },
    async release(organisationId, leaseId) {
      const held = live(organisationId);
      held.delete(leaseId);
      if (held.size === 0) leases.delete(organisationId);
    },
  };
}
