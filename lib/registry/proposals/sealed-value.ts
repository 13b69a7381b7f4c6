/** A national identifier travels in a proposal only as its FLE1 ciphertext (base64), never in plaintext. */
export type SealedValue = { fle1: string };
export const isSealed = (value: unknown): value is SealedValue => typeof value === 'object' && value !== null && typeof (value as SealedValue).fle1 === 'string';
export const HIDDEN = '(hidden)';
