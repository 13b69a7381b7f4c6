import { randomUUID } from 'node:crypto';
import type { ExportLeaseStore } from './export-lease-store';
import { ExportLimitReachedError } from './export-limit-reached-error';
import { getExportLeaseStore, getLocalExportLeaseStore } from './get-export-lease-store';

/** Exports one organisation may run at once, across every app instance. */
export const EXPORT_CONCURRENCY_LIMIT = 2;
/** About the time an export of 100,000 assets takes (bench/README.md). */
export const EXPORT_RETRY_AFTER_SECONDS = 10;
// A lease is renewed while its download moves. One whose process died, or whose response was never read or
// cancelled, lapses after this long instead of blocking the organisation's exports for good.
const LEASE_TTL_MS = 60_000;
const failureLogIntervalMs = 60_000;

export type ExportLease = {
  /** Called as the download progresses; writes to the store at most every third of the TTL. */
  renew(): void;
  /** Idempotent; resolves once the slot is free. */
  release(): Promise<void>;
};

let lastFailureLoggedAt = Number.NEGATIVE_INFINITY;

// Like the rate limiter, an unreachable store does not take exports down: each process then counts its own.
function reportFailure(error: unknown): void {
  if (Date.now() - lastFailureLoggedAt < failureLogIntervalMs) return;
  lastFailureLoggedAt = Date.now();
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  console.error(`[export-lease] store unavailable, counting exports per process: ${text.replace(/\/\/[^\s/@]*@/g, '//***@')}`);
}

async function takeSlot(organisationId: string, leaseId: string): Promise<ExportLeaseStore | null> {
  const shared = getExportLeaseStore();
  try {
    return (await shared.acquire(organisationId, leaseId, EXPORT_CONCURRENCY_LIMIT, LEASE_TTL_MS)) ? shared : null;
  } catch (error) {
    reportFailure(error);
    const local = getLocalExportLeaseStore();
    return (await local.acquire(organisationId, leaseId, EXPORT_CONCURRENCY_LIMIT, LEASE_TTL_MS)) ? local : null;
  }
}

/** A slot among the organisation's running exports, or ExportLimitReachedError (429) when all are taken. */
export async function acquireExportLease(organisationId: string): Promise<ExportLease> {
  const leaseId = randomUUID();
  const store = await takeSlot(organisationId, leaseId);
  if (!store) throw new ExportLimitReachedError(EXPORT_CONCURRENCY_LIMIT, EXPORT_RETRY_AFTER_SECONDS);
  let renewedAt = Date.now();
  let released: Promise<void> | null = null;
  return {
    renew() {
      if (released || Date.now() - renewedAt < LEASE_TTL_MS / 3) return;
      renewedAt = Date.now();
      store.renew(organisationId, leaseId, LEASE_TTL_MS).catch(reportFailure);
    },
    release() {
      released ??= store.release(organisationId, leaseId).catch(reportFailure);
      return released;
    },
  };
}
