/**
 * The benchmark's identity provider: an RS256 key pair whose public half is served as a JWKS on 127.0.0.1, so the
 * server verifies real bearer tokens exactly as it verifies an IdP's (jose, JWKS fetched once and cached).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

export type TokenIssuer = {
  issuer: string;
  jwksUrl: string;
  audience: string;
  sign: (claims: { organisationId: string; userId: string; role: string }) => Promise<string>;
  close: () => Promise<void>;
};

export async function startTokenIssuer(audience: string): Promise<TokenIssuer> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = 'bench-1';
  const jwks = JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] });
  const server = createServer((request, response) => {
    if (request.url === '/jwks.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
    } else {
      response.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    jwksUrl: `${issuer}/jwks.json`,
    audience,
    sign: (claims) =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid })
        .setIssuer(issuer)
        .setAudience(audience)
        .setSubject(claims.userId)
        .setIssuedAt()
        .setExpirationTime('4h')
        .sign(privateKey),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
