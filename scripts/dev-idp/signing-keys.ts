import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, type JWK } from 'jose';

export type PrivateSigningJwk = JWK & { kid: string; alg: 'RS256'; use: 'sig' };

export async function generateSigningKey(): Promise<PrivateSigningJwk> {
  const { privateKey } = await generateKeyPair('RS256', { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  return { ...jwk, kid: await calculateJwkThumbprint(jwk), alg: 'RS256', use: 'sig' };
}

// Keeps the signing key across restarts so tokens issued before a restart still verify.
export async function loadOrCreateSigningKeys(file: string): Promise<PrivateSigningJwk[]> {
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as { keys?: PrivateSigningJwk[] };
    if (Array.isArray(stored.keys) && stored.keys.length > 0) return stored.keys;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const keys = [await generateSigningKey()];
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, `${JSON.stringify({ keys }, null, 2)}\n`, { mode: 0o600 });
  return keys;
}
