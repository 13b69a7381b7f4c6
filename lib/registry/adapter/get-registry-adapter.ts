import { getConfig } from '@/lib/platform/config';
import { createHttpRegistryAdapter } from './http-registry-adapter';
import type { RegistryAdapter } from './registry-adapter';
import { createTokenBucket, type TokenBucket } from './token-bucket';

type Holder = { bucket?: TokenBucket; adapter?: RegistryAdapter | null };
// One bucket per process, whichever Next.js bundle asks: the limit is the process's, not a module copy's.
const holder = ((globalThis as Record<symbol, Holder>)[Symbol.for('quartermaster.registryAdapter')] ??= {});

/** The configured registry, or null in phase 0 (REGISTRY_URL unset: sync is off). */
export function getRegistryAdapter(): RegistryAdapter | null {
  if (holder.adapter !== undefined) return holder.adapter;
  const config = getConfig();
  if (!config.REGISTRY_URL || !config.REGISTRY_API_KEY) return (holder.adapter = null);
  holder.bucket ??= createTokenBucket({ ratePerSecond: config.REGISTRY_MAX_RPS });
  holder.adapter = createHttpRegistryAdapter({ baseUrl: config.REGISTRY_URL, apiKey: config.REGISTRY_API_KEY, timeoutMs: config.REGISTRY_TIMEOUT_MS, rateLimit: holder.bucket });
  return holder.adapter;
}

/** Phase 1/2: a registry is configured, so mirrored persons' identity changes go to it. */
export function isRegistrySyncOn(): boolean {
  return getRegistryAdapter() !== null;
}
