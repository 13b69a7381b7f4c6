// Local OIDC provider for development: `tsx scripts/dev-idp.ts`. Never for production use.
import { resolve } from 'node:path';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { createIdentityProvider } from '@/scripts/dev-idp/create-identity-provider';
import { loadOrCreateSigningKeys } from '@/scripts/dev-idp/signing-keys';

const port = Number(process.env.IDP_PORT ?? 4000);
if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`IDP_PORT must be a TCP port, got ${process.env.IDP_PORT}`);
const audience = process.env.API_AUDIENCE ?? 'https://api.quartermaster.local';
const acmeAdmin = demoAccounts.find((account) => account.accountId === 'acme-admin');
if (!acmeAdmin) throw new Error('demo accounts must include acme-admin');

const identityProvider = createIdentityProvider({
  issuer: `http://127.0.0.1:${port}`,
  port,
  audience,
  keys: await loadOrCreateSigningKeys(resolve('.data/dev-idp/jwks.json')),
  accounts: demoAccounts,
  allowLocalRedirects: true,
  clients: {
    integration: {
      serviceAccount: { organisationId: acmeAdmin.organisationId, userId: 'acme-integration', role: 'ASSET_MANAGER' },
    },
  },
});

const { issuer } = await identityProvider.start();
console.log(`dev IdP listening: issuer ${issuer}, audience ${audience}`);
console.log(`accounts: ${demoAccounts.map((account) => account.accountId).join(', ')}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void identityProvider.stop().then(() => process.exit(0));
  });
}
