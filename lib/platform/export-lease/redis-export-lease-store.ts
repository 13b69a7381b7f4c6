import type { Redis as UpstashRedis } from '@upstash/redis';
import type { ExportLeaseStore } from './export-lease-store';

type ScriptRedis = Pick<UpstashRedis, 'eval'>;

// Redis's own clock decides expiry, so app instances whose clocks differ still agree on which leases are live.
const now = `local t = redis.call('TIME') local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)`;

const acquireScript = `${now}
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then return 0 end
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[3]), ARGV[1])
redis.call('PEXPIRE', KEYS[1], ARGV[3])
return 1`;

const renewScript = `${now}
if redis.call('ZADD', KEYS[1], 'XX', 'CH', now + tonumber(ARGV[2]), ARGV[1]) == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[2]) end
return 1`;

/** Leases shared by every app instance: a sorted set per organisation, lease id -> expiry (Redis milliseconds). */
export function createRedisExportLeaseStore(redis: ScriptRedis, backend: 'redis' | 'upstash', prefix: string): ExportLeaseStore {
  const key = (organisationId: string) => `${prefix}:export-leases:${organisationId}`;
  return {
    backend,
    async acquire(organisationId, leaseId, limit, ttlMs) {
      return Number(await redis.eval(acquireScript, [key(organisationId)], [leaseId, limit, ttlMs])) === 1;
    },
    async renew(organisationId, leaseId, ttlMs) {
      await redis.eval(renewScript, [key(organisationId)], [leaseId, ttlMs]);
    },
    async release(organisationId, leaseId) {
      await redis.eval(`redis.call('ZREM', KEYS[1], ARGV[1]) return 1`, [key(organisationId)], [leaseId]);
    },
  };
}
