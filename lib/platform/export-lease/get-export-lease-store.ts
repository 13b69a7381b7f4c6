import { Redis as UpstashRedis } from '@upstash/redis';
import { Redis as IORedis } from 'ioredis';
import { getConfig } from '@/lib/platform/config';
import { createIoredisAdapter } from '@/lib/platform/rate-limit';
import type { ExportLeaseStore } from './export-lease-store';
import { createMemoryExportLeaseStore } from './memory-export-lease-store';
import { createRedisExportLeaseStore } from './redis-export-lease-store';

type Stores = { shared?: ExportLeaseStore; local?: ExportLeaseStore };
const stores = ((globalThis as Record<symbol, Stores>)[Symbol.for('quartermaster.exportLeases')] ??= {});

/** The process's own semaphore: the embedded mode's store, and the fallback while a shared store is unreachable. */
export function getLocalExportLeaseStore(): ExportLeaseStore {
  return (stores.local ??= createMemoryExportLeaseStore());
}

/** The store the rate limiter's configuration names (Upstash, a Redis URL, or none), under the same key prefix. */
export function getExportLeaseStore(): ExportLeaseStore {
  if (stores.shared) return stores.shared;
  const config = getConfig();
  if (config.UPSTASH_REDIS_REST_URL && config.UPSTASH_REDIS_REST_TOKEN) {
    const redis = new UpstashRedis({ url: config.UPSTASH_REDIS_REST_URL, token: config.UPSTASH_REDIS_REST_TOKEN, enableTelemetry: false });
    stores.shared = createRedisExportLeaseStore(redis, 'upstash', config.RATE_LIMIT_PREFIX);
  } else if (config.REDIS_URL) {
    // Commands fail fast while Redis is away, so an export falls back to the local semaphore instead of waiting.
    const client = new IORedis(config.REDIS_URL, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    // Connection errors surface as failed commands, which acquireExportLease reports.
    client.on('error', () => {});
    stores.shared = createRedisExportLeaseStore(createIoredisAdapter(client), 'redis', config.RATE_LIMIT_PREFIX);
  } else {
    stores.shared = getLocalExportLeaseStore();
  }
  return stores.shared;
}
