import { randomBytes, randomUUID } from 'node:crypto';
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { z } from 'zod';
import { FieldCryptoError } from '@/lib/platform/crypto/crypto-errors';
import { DATA_KEY_LENGTH, decryptAead, encryptAead } from '@/lib/platform/crypto/fle1-aead';
import type { KeyRing } from '@/lib/platform/crypto/key-ring';
import { backupFromAnotherDeployment, backupFileInvalid } from './restore-errors';

/**
 * Why a backup file is sealed: it holds the whole tenant unredacted (audit entries a duty guards, who reported an
 * incident), because a restore needs all of it, while any admin may download it. So every part of it is encrypted
 * (FLE1's AEAD) under a key of its own, wrapped by the deployment's master key as data keys are: the file is
 * useless outside this deployment, and no one reads it but a restore.
 */
export const SealHeader = z.object({
  keyId: z.uuid(),
  wrappedKey: z.base64(),
  masterKeyProvider: z.enum(['local', 'aws-kms']),
  masterKeyId: z.string().min(1),
});
export type SealHeader = z.infer<typeof SealHeader>;

export type FileSeal = { header: SealHeader; key: Buffer };

export async function createFileSeal(keyRing: KeyRing): Promise<FileSeal> {
  const key = randomBytes(DATA_KEY_LENGTH);
  const { wrapped, provider, masterKeyId } = await keyRing.wrap(key);
  return { header: { keyId: randomUUID(), wrappedKey: wrapped.toString('base64'), masterKeyProvider: provider, masterKeyId }, key };
}

/** The file's key; a master key this deployment does not hold is refused in words. */
export async function openFileSeal(header: SealHeader, keyRing: KeyRing): Promise<FileSeal> {
  try {
    const key = await keyRing.unwrap({ wrapped: Buffer.from(header.wrappedKey, 'base64'), provider: header.masterKeyProvider, masterKeyId: header.masterKeyId });
    return { header, key };
  } catch (error) {
    if (error instanceof FieldCryptoError) throw backupFromAnotherDeployment();
    throw error;
  }
}

// Each part names its place in the file, so parts cannot be moved between tables or files unnoticed.
const aadOf = (seal: FileSeal, label: string) => Buffer.from(`quartermaster-backup/${seal.header.keyId}/${label}`);

/** A part of the file (a batch of rows, the manifest): compressed, then encrypted, as base64. */
export function sealPart(seal: FileSeal, label: string, value: unknown): string {
  return encryptAead(seal.key, deflateRawSync(Buffer.from(JSON.stringify(value))), aadOf(seal, label)).toString('base64');
}

export function openPart(seal: FileSeal, label: string, sealed: string): unknown {
  try {
    return JSON.parse(inflateRawSync(decryptAead(seal.key, Buffer.from(sealed, 'base64'), aadOf(seal, label))).toString('utf8'));
  } catch (error) {
    if (error instanceof FieldCryptoError || error instanceof SyntaxError || (error as NodeJS.ErrnoException).code?.startsWith('Z_')) throw backupFileInvalid('damaged');
    throw error;
  }
}
