import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '@/lib/platform/config';

/** Raised when the pseudonym secret is missing; the erasure stops before changing anything. */
export class PrivacyConfigError extends Error {
  override name = 'PrivacyConfigError';
}

const EMBEDDED_SECRET_BYTES = 32;

function embeddedSecret(config: Config): string {
  const file = join(dirname(config.PGLITE_DATA_DIR), 'pseudonym-secret');
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dirname(file), { recursive: true });
  try {
    writeFileSync(file, randomBytes(EMBEDDED_SECRET_BYTES).toString('base64url'), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process of the demo wrote it first; both use that one.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return readFileSync(file, 'utf8').trim();
}

/** PSEUDONYM_SECRET, or the embedded demo's generated one. A deployment without it must not start erasing. */
export function resolvePseudonymSecret(config: Config): string {
  if (config.PSEUDONYM_SECRET) return config.PSEUDONYM_SECRET;
  if (!config.DATABASE_URL) return embeddedSecret(config);
  throw new PrivacyConfigError('Erasure needs PSEUDONYM_SECRET (at least 32 characters) when DATABASE_URL is set.');
}

// Each use has its own label, so a pseudonym on a record and a subject key in the ledger never coincide.
const keyed = (secret: string, label: string, value: string) => createHmac('sha256', secret).update(`${label}\n${value}`).digest('hex');

/**
 * The stable pseudonym that replaces an erased person on the records that must stay (DESIGN.md): the same for
 * every record of the subject, irreversible without the secret.
 */
export function pseudonymFor(secret: string, personId: string): string {
  return `anonymized_${keyed(secret, 'quartermaster/pseudonym/v1', personId)}`;
}

/** The ledger's name for a subject: a keyed hash of tenant and person id, no direct identifier. */
export function ledgerSubjectKey(secret: string, organisationId: string, personId: string): string {
  return keyed(secret, 'quartermaster/deletion-ledger/v1', `${organisationId}/${personId}`);
}

/**
 * What an erased account keeps of its sign-in identity (the IdP subject): a keyed hash, so a later sign-in with
 * that identity is recognised and refused, while the stored value names nobody without the secret.
 */
export function erasedSignInKey(secret: string, organisationId: string, idpSubject: string): string {
  return keyed(secret, 'quartermaster/erased-sign-in/v1', `${organisationId}/${idpSubject}`);
}
