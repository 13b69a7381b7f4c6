import type { KMSClientConfig } from '@aws-sdk/client-kms';
import { FieldCryptoError } from './crypto-errors';
import { DATA_KEY_LENGTH } from './fle1-aead';
import type { KeyProvider } from './key-provider';

export type AwsKmsOptions = {
  /** Key id, ARN or alias that wraps new data keys. */
  keyId: string;
  region?: string;
  /** Another KMS-compatible address (LocalStack, a test stub). */
  endpoint?: string;
  /** Omitted in deployments: the SDK's default chain (environment, web identity, instance role) applies. */
  credentials?: KMSClientConfig['credentials'];
};

function providerFailure(action: string, error: unknown): FieldCryptoError {
  const name = error instanceof Error ? error.name : 'Error';
  return new FieldCryptoError('KEY_PROVIDER_FAILED', `AWS KMS ${action} failed (${name}).`, { cause: error });
}

/** Wraps data keys with KMS Encrypt/Decrypt; the key material never leaves KMS. */
export function createAwsKmsKeyProvider(options: AwsKmsOptions): KeyProvider {
  // Loaded on first use: a deployment on the local provider never loads the SDK.
  let sdk: Promise<{ kms: typeof import('@aws-sdk/client-kms'); client: import('@aws-sdk/client-kms').KMSClient }> | undefined;
  const connect = () =>
    (sdk ??= import('@aws-sdk/client-kms').then((kms) => ({
      kms,
      client: new kms.KMSClient({ region: options.region, endpoint: options.endpoint, credentials: options.credentials, maxAttempts: 3 }),
    })));
  return {
    name: 'aws-kms',
    // KMS decides by its key policy; a symmetric ciphertext blob names its own key.
    canUnwrap: () => true,
    wrapKey: async (plain) => {
      const { kms, client } = await connect();
      const result = await client.send(new kms.EncryptCommand({ KeyId: options.keyId, Plaintext: plain })).catch((error: unknown) => {
        throw providerFailure('Encrypt', error);
      });
      if (!result.CiphertextBlob) throw new FieldCryptoError('KEY_PROVIDER_FAILED', 'AWS KMS Encrypt returned no ciphertext.');
      // The response names the key by ARN, which stays valid when an alias is moved to another key.
      return { wrapped: Buffer.from(result.CiphertextBlob), masterKeyId: result.KeyId ?? options.keyId };
    },
    unwrapKey: async (wrapped, masterKeyId) => {
      const { kms, client } = await connect();
      const result = await client.send(new kms.DecryptCommand({ KeyId: masterKeyId, CiphertextBlob: wrapped })).catch((error: unknown) => {
        throw providerFailure('Decrypt', error);
      });
      if (result.Plaintext?.length !== DATA_KEY_LENGTH) throw new FieldCryptoError('KEY_PROVIDER_FAILED', 'AWS KMS Decrypt returned no data key.');
      return Buffer.from(result.Plaintext);
    },
  };
}
