import { randomBytes, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { demoAccounts } from '@/db/seed/demo-accounts';
import { createIdentityProvider } from '@/scripts/dev-idp/create-identity-provider';
import { generateSigningKey } from '@/scripts/dev-idp/signing-keys';
import { startMailSink } from '../support/mail-sink';
import { startAppServer } from '../support/start-app-server';
import { createTestDatabase, dropTestDatabase } from '../support/test-database';
import { testAudience, testRedisUrl } from '../support/test-env';
import { e2eStateFile, type E2eState } from './support/e2e-state';

/** One fresh database, the local identity provider, a mail sink and the production build, for the whole run. */
export default async function globalSetup() {
  const { ownerUrl, appUrl, ledgerUrl } = await createTestDatabase();
  const identityProvider = createIdentityProvider({
    port: Number(process.env.E2E_IDP_PORT),
    audience: testAudience,
    accounts: demoAccounts,
    keys: [await generateSigningKey()],
    allowLocalRedirects: true,
  });
  const { issuer } = await identityProvider.start();
  const mailSink = await startMailSink();
  const serverEnv = {
    DATABASE_URL: appUrl,
    DATABASE_OWNER_URL: ownerUrl,
    SEED_DEMO_DATA: 'true',
    OIDC_ISSUER: issuer,
    API_AUDIENCE: testAudience,
    AUTH_SECRET: randomBytes(32).toString('base64url'),
    // With DATABASE_URL set, field encryption never invents a master key (lib/platform/crypto/resolve-key-ring.ts).
    FLE_LOCAL_MASTER_KEY: randomBytes(96).toString('base64'),
    LEDGER_DATABASE_URL: ledgerUrl,
    PSEUDONYM_SECRET: randomBytes(32).toString('base64url'),
    WEB_DOMAIN: 'localhost',
    DEMO_MODE: 'false',
    REDIS_URL: testRedisUrl,
    RATE_LIMIT_PREFIX: `qm:rl:e2e:${randomUUID()}`,
    RESEND_API_KEY: mailSink.apiKey,
    RESEND_BASE_URL: mailSink.url,
    APP_BASE_URL: `http://localhost:${process.env.E2E_APP_PORT}`,
    ENABLE_API_DOCS: 'true',
    // The webhooks screen's test delivers to a receiver on 127.0.0.1 (allowed with WEB_DOMAIN=localhost only).
    WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
  };
  const server = await startAppServer(serverEnv, { port: Number(process.env.E2E_APP_PORT) });
  const state: E2eState = {
    appPort: server.port,
    issuer,
    ownerDatabaseUrl: ownerUrl,
    appDatabaseUrl: appUrl,
    mailSinkUrl: mailSink.url,
    mailSinkApiKey: mailSink.apiKey,
    serverEnv,
  };
  writeFileSync(e2eStateFile, JSON.stringify(state, null, 2));
  return async () => {
    await server.stop();
    await identityProvider.stop();
    await mailSink.stop();
    await dropTestDatabase();
    rmSync(e2eStateFile, { force: true });
    if (process.env.SHOW_SERVER_LOG) console.log(server.output());
  };
}
