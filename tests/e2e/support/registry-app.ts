import { randomBytes, randomUUID } from 'node:crypto';
import { createRegistrySimulator, type RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import { type AppServer, freePort, startAppServer } from '../../support/start-app-server';
import { e2eState } from './e2e-state';

export type RegistryApp = { app: AppServer; registry: RegistrySimulator; stop: () => Promise<void> };

/**
 * The run's server is in phase 0 (no registry). A spec about sync starts its own registry simulator and a second
 * app server on the same database with REGISTRY_URL set (phase 1/2), whose webhooks the simulator signs; its jobs
 * run in-process, so events (an approval, a webhook) are handled at once as in production.
 */
export async function startRegistryApp(): Promise<RegistryApp> {
  const port = await freePort();
  const apiKey = `e2e-registry-${randomUUID()}`;
  const secret = randomBytes(24).toString('base64url');
  const registry = await createRegistrySimulator({
    port: 0,
    apiKeys: [apiKey],
    webhook: { url: `http://127.0.0.1:${port}/api/webhooks/external-registry`, secrets: [secret] },
    webhookRetryDelaysMs: [200, 500, 1000],
  });
  const app = await startAppServer(
    {
      ...e2eState().serverEnv,
      SEED_DEMO_DATA: 'false',
      JOBS_IN_PROCESS: 'true',
      APP_BASE_URL: `http://localhost:${port}`,
      RATE_LIMIT_PREFIX: `qm:rl:e2e-registry:${randomUUID()}`,
      REGISTRY_URL: registry.url,
      REGISTRY_API_KEY: apiKey,
      REGISTRY_WEBHOOK_SECRETS: secret,
    },
    { port },
  );
  return {
    app,
    registry,
    stop: async () => {
      await app.stop();
      await registry.close();
    },
  };
}
