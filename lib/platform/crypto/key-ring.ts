import { FieldCryptoError } from './crypto-errors';
import type { KeyProvider, KeyProviderName } from './key-provider';

export type WrappedDataKey = { wrapped: Buffer; provider: KeyProviderName; masterKeyId: string };

/**
 * The master keys a process holds: `current` wraps every new (or rotated) data key; the others only unwrap
 * keys still wrapped under a previous master key, until a rotation has moved them all.
 */
export type KeyRing = {
  readonly current: KeyProvider;
  wrap(plain: Buffer): Promise<WrappedDataKey>;
  unwrap(key: WrappedDataKey): Promise<Buffer>;
};

export function createKeyRing(current: KeyProvider, others: KeyProvider[] = []): KeyRing {
  const providers = [current, ...others];
  return {
    current,
    wrap: async (plain) => ({ ...(await current.wrapKey(plain)), provider: current.name }),
    unwrap: async ({ wrapped, provider, masterKeyId }) => {
      const holder = providers.find((p) => p.name === provider && p.canUnwrap(masterKeyId));
      if (!holder) {
        throw new FieldCryptoError('MASTER_KEY_UNAVAILABLE', `No configured ${provider} master key can unwrap data keys of master key ${masterKeyId}.`);
      }
      return holder.unwrapKey(wrapped, masterKeyId);
    },
  };
}
