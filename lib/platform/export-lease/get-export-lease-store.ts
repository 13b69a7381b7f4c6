import { getConfig } from '@/lib/platform/config';
import { createIoredisAdapter } from '@/lib/platform/rate-limit';
import { getRedis } from '@/lib/platform/redis/redis-client';
import type { ExportLeaseStore } from './export-lease-store';
import { createMemoryExportLeaseStore } from './memory-export-lease-store';
import { createRedisExportLeaseStore } from './redis-export-lease-store';

type Stores = { shared?: ExportLeaseStore; local?: ExportLeaseStore };
const stores = ((globalThis as Record<symbol, Stores>)[Symbol.for('quartermaster.exportLeases')] ??= {});

/** The process's own semaphore: the embedded mode's store, and the fallback while a shared store is unreachable. */
export function getLocalExportLeaseStore(): ExportLeaseStore {
  return (stores.local ??= createMemoryExportLeaseStore());
}

/** The store on the process's shared Redis connection (Upstash, a Redis URL, or none), under the rate limiter's key prefix. */
export function getExportLeaseStore(): ExportLeaseStore {
  if (stores.shared) return stores.shared;
  const config = getConfig();
  const redis = getRedis();
  if (redis?.backend === 'upstash') {
    stores.shared = createRedisExportLeaseStore(redis.client, 'upstash', config.RATE_LIMIT_PREFIX);
  } else if (redis?.backend === 'redis') {
    // Commands fail fast while Redis is away (see connectRedis), so an export falls back to the local
    // semaphore instead of waiting; acquireExportLease reports the failed command.
    stores.shared = createRedisExportLeaseStore(createIoredisAdapter(redis.client), 'redis', config.RATE_LIMIT_PREFIX);
  } else {
    stores.shared = getLocalExportLeaseStore();
  }
  return stores.shared;
}
