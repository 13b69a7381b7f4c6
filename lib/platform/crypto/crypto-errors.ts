/**
 * Why a protected value or data key could not be used. Decryption never returns bytes it could not
 * authenticate: every failure is one of these, and the message names no key material or plaintext.
 */
export type FieldCryptoErrorCode =
  | 'MALFORMED_CIPHERTEXT'
  | 'AUTHENTICATION_FAILED'
  | 'UNKNOWN_DATA_KEY'
  | 'DATA_KEY_FIELD_MISMATCH'
  | 'MASTER_KEY_UNAVAILABLE'
  | 'KEY_PROVIDER_FAILED';

export class FieldCryptoError extends Error {
  constructor(
    readonly code: FieldCryptoErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}

/** Field encryption is not configured well enough to run; raised at first use, never silently worked around. */
export class EncryptionConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
