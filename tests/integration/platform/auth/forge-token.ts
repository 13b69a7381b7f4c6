import { createHmac, createPublicKey } from 'node:crypto';
import { decodeJwt, decodeProtectedHeader, importJWK, type JWK, type JWTPayload, SignJWT } from 'jose';
import { inject } from 'vitest';

export type Header = Record<string, unknown>;

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The IdP's real private signing key (the harness hands it over so tests can forge with it). */
export function realSigningJwk(): JWK & { kid: string } {
  return JSON.parse(inject('idpSigningKey')) as JWK & { kid: string };
}

/** Header and claims of a token the IdP really issued, as the template every forged token starts from. */
export function templateOf(realToken: string): { header: Header; claims: JWTPayload } {
  return { header: decodeProtectedHeader(realToken) as Header, claims: decodeJwt(realToken) };
}

export function freshTimes(): Pick<JWTPayload, 'iat' | 'exp'> {
  const now = Math.floor(Date.now() / 1000);
  return { iat: now, exp: now + 3600 };
}

/** RS256 with any private JWK (the real one unless told otherwise); header fields may be overridden or dropped (undefined). */
export async function signRs256(claims: JWTPayload, header: Header, jwk: JWK = realSigningJwk()): Promise<string> {
  const key = await importJWK(jwk, 'RS256');
  const cleanHeader = Object.fromEntries(Object.entries({ ...header, alg: 'RS256' }).filter(([, v]) => v !== undefined));
  return new SignJWT(claims).setProtectedHeader(cleanHeader as { alg: string }).sign(key);
}

/** The classic key-confusion attack: HS256 with a secret the attacker knows (the public key). */
export function signHs256(claims: JWTPayload, header: Header, secret: Buffer | string): string {
  const input = `${encode({ ...header, alg: 'HS256' })}.${encode(claims)}`;
  return `${input}.${createHmac('sha256', secret).update(input).digest('base64url')}`;
}

export function unsigned(claims: JWTPayload, header: Header, alg = 'none'): string {
  return `${encode({ ...header, alg })}.${encode(claims)}.`;
}

export function publicKeyPem(): string {
  const { kty, n, e } = realSigningJwk();
  return createPublicKey({ key: { kty, n, e } as never, format: 'jwk' }).export({ type: 'spki', format: 'pem' }).toString();
}
