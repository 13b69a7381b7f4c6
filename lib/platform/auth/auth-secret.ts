import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '@/lib/platform/config';

const MIN_LENGTH = 32;

/**
 * The key that encrypts session cookies. Deployments set AUTH_SECRET; the embedded demo (no DATABASE_URL)
 * keeps a generated one beside its PGlite data so sessions survive restarts without any setup.
 */
export function resolveAuthSecret(config: Config): string {
  if (config.AUTH_SECRET) return config.AUTH_SECRET;
  if (config.DATABASE_URL) throw new Error('AUTH_SECRET is required when DATABASE_URL is set (at least 32 random characters).');
  const file = join(dirname(config.PGLITE_DATA_DIR), 'auth-secret');
  try {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= MIN_LENGTH) return stored;
  } catch {
    // first start: no secret yet
  }
  const secret = randomBytes(32).toString('base64url');
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
