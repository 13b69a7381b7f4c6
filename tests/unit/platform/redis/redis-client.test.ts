import { describe, expect, it } from 'vitest';
import { closeRedis, connectRedis, redisSettings } from '@/lib/platform/redis/redis-client';

describe('the Redis client module', () => {
  it('names Upstash only when both its URL and token are set, else the Redis URL', () => {
    const upstash = { UPSTASH_REDIS_REST_URL: 'https://u.example', UPSTASH_REDIS_REST_TOKEN: 't', REDIS_URL: 'redis://127.0.0.1:6379' };
    expect(redisSettings(upstash)).toEqual({ upstash: { url: 'https://u.example', token: 't' }, redisUrl: 'redis://127.0.0.1:6379' });
    expect(redisSettings({ ...upstash, UPSTASH_REDIS_REST_TOKEN: undefined })).toEqual({ upstash: undefined, redisUrl: 'redis://127.0.0.1:6379' });
  });

  it('makes no client without settings, an Upstash one before a Redis one', async () => {
    expect(connectRedis({})).toBeNull();
    const upstash = connectRedis({ upstash: { url: 'https://u.example', token: 't' }, redisUrl: 'redis://127.0.0.1:6379' });
    expect(upstash?.backend).toBe('upstash');
    const redis = connectRedis({ redisUrl: 'redis://127.0.0.1:6379' });
    expect(redis?.backend).toBe('redis');
    if (redis?.backend === 'redis') expect(redis.client.options).toMatchObject({ maxRetriesPerRequest: 1, enableAutoPipelining: true });
    await closeRedis(redis!);
    await closeRedis(upstash!);
  });
});
