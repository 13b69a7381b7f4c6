export type KeyProviderName = 'local' | 'aws-kms';

export type WrappedKey = { wrapped: Buffer; masterKeyId: string };

/**
 * A master key that wraps the 96-byte data keys kept in the key vault. The vault stores the provider's name
 * and the master key id beside each wrapped key, so a data key stays readable while master keys rotate.
 */
export type KeyProvider = {
  readonly name: KeyProviderName;
  /** Whether this provider holds the master key that wrapped a data key under `masterKeyId`. */
  canUnwrap(masterKeyId: string): boolean;
  wrapKey(plain: Buffer): Promise<WrappedKey>;
  unwrapKey(wrapped: Buffer, masterKeyId: string): Promise<Buffer>;
};
