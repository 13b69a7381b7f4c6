import { randomBytes, randomUUID } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { createIdentityProvider } from '@/scripts/dev-idp/create-identity-provider';
import { generateSigningKey } from '@/scripts/dev-idp/signing-keys';
import { createRegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { startContractCheck } from './contract-check/start-contract-check';
import { startAppServer } from './start-app-server';
import { testAudience, testRedisUrl } from './test-env';
import { createTestDatabase, dropTestDatabase } from './test-database';
import './provided-context';

export default async function setup(project: TestProject) {
  const { ownerUrl, appUrl, ledgerUrl } = await createTestDatabase();
  const signingKey = await generateSigningKey();
  const identityProvider = createIdentityProvider({ port: 0, audience: testAudience, accounts: demoAccounts, keys: [signingKey] });
  const { issuer } = await identityProvider.start();
  const rateLimitPrefix = `qm:rl:test:${randomUUID()}`;
  const authSecret = randomBytes(32).toString('base64url');
  const fleMasterKey = randomBytes(96).toString('base64');
  const pseudonymSecret = randomBytes(32).toString('base64url');
  const registryApiKey = `test-registry-${randomBytes(8).toString('hex')}`;
  const registryWebhookSecrets = [randomBytes(24).toString('base64url'), randomBytes(24).toString('base64url')];
  const registry = await createRegistrySimulator({ port: 0, apiKeys: [registryApiKey] });
  const server = await startAppServer({
    DATABASE_URL: appUrl,
    DATABASE_OWNER_URL: ownerUrl,
    SEED_DEMO_DATA: 'true',
    OIDC_ISSUER: issuer,
    AUTH_SECRET: authSecret,
    // With DATABASE_URL set, field encryption never invents a master key (lib/platform/crypto/resolve-key-ring.ts).
    FLE_LOCAL_MASTER_KEY: fleMasterKey,
    LEDGER_DATABASE_URL: ledgerUrl,
    PSEUDONYM_SECRET: pseudonymSecret,
    API_AUDIENCE: testAudience,
    WEB_DOMAIN: 'localhost',
    DEMO_MODE: 'false',
    REDIS_URL: testRedisUrl,
    RATE_LIMIT_PREFIX: rateLimitPrefix,
    ENABLE_API_DOCS: 'true',
    // The test client stands in for one reverse proxy, so a test can speak as distinct clients (X-Forwarded-For).
    TRUSTED_PROXY_HOPS: '1',
    // Job tests run the jobs themselves with a controlled clock; a driver in the server would race them.
    JOBS_IN_PROCESS: 'false',
    REGISTRY_URL: registry.url,
    REGISTRY_API_KEY: registryApiKey,
    REGISTRY_WEBHOOK_SECRETS: registryWebhookSecrets.join(','),
    // Outbound webhook tests register receivers on 127.0.0.1 (allowed with WEB_DOMAIN=localhost only).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  });
  // Prism checks the published OpenAPI document against this traffic (tests/support/contract-check).
  const contract = process.env.CONTRACT_CHECK === '1' ? await startContractCheck(server.baseUrl, project.name) : null;
  project.provide('baseUrl', server.baseUrl);
  project.provide('apiUrl', contract?.url ?? server.baseUrl);
  project.provide('oidcIssuer', issuer);
  project.provide('ownerDatabaseUrl', ownerUrl);
  project.provide('appDatabaseUrl', appUrl);
  project.provide('rateLimitPrefix', rateLimitPrefix);
  project.provide('idpSigningKey', JSON.stringify(signingKey));
  project.provide('authSecret', authSecret);
  project.provide('fleMasterKey', fleMasterKey);
  project.provide('ledgerDatabaseUrl', ledgerUrl);
  project.provide('pseudonymSecret', pseudonymSecret);
  project.provide('registryUrl', registry.url);
  project.provide('registryApiKey', registryApiKey);
  project.provide('registryWebhookSecrets', registryWebhookSecrets);
  return async () => {
    const differences = contract ? await contract.finish() : [];
    await server.stop();
    await identityProvider.stop();
    await registry.close();
    await dropTestDatabase();
    if (process.env.SHOW_SERVER_LOG) console.log(server.output());
    if (differences.length > 0) {
      throw new Error(`The published OpenAPI document does not describe ${differences.length} exchange(s) of the test traffic:\n${differences.join('\n')}`);
    }
  };
}
