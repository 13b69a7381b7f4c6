// Prints an access token from the local identity provider: `npm run token -- acme-admin`.
import { getUserAccessToken } from '@/tests/support/idp-client';

const accountId = process.argv[2] ?? 'acme-admin';
const issuer = process.env.OIDC_ISSUER ?? `http://127.0.0.1:${process.env.IDP_PORT ?? 4000}`;
const audience = process.env.API_AUDIENCE ?? 'https://api.quartermaster.local';
console.log(await getUserAccessToken(issuer, accountId, { audience }));
