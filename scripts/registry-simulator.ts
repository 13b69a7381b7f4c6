// External registry simulator for development and demos: `npm run registry`. Never for production use.
import { createRegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';

const env = process.env;
const list = (value: string | undefined) => (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

const port = Number(env.REGISTRY_SIMULATOR_PORT ?? 4100);
if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`REGISTRY_SIMULATOR_PORT must be a TCP port, got ${env.REGISTRY_SIMULATOR_PORT}`);
const seed = Number(env.REGISTRY_SIMULATOR_SEED ?? 2002);
if (!Number.isInteger(seed)) throw new Error(`REGISTRY_SIMULATOR_SEED must be an integer, got ${env.REGISTRY_SIMULATOR_SEED}`);
const apiKeys = list(env.REGISTRY_SIMULATOR_API_KEYS ?? 'dev-registry-api-key');
const webhookUrl = env.REGISTRY_SIMULATOR_WEBHOOK_URL;
const webhookSecrets = list(env.REGISTRY_SIMULATOR_WEBHOOK_SECRETS);
if (webhookUrl && webhookSecrets.length === 0) throw new Error('REGISTRY_SIMULATOR_WEBHOOK_URL needs REGISTRY_SIMULATOR_WEBHOOK_SECRETS (the first one signs).');

const simulator = await createRegistrySimulator({
  port,
  host: env.REGISTRY_SIMULATOR_HOST ?? '127.0.0.1',
  apiKeys,
  controlToken: env.REGISTRY_SIMULATOR_CONTROL_TOKEN || undefined,
  webhook: webhookUrl ? { url: webhookUrl, secrets: webhookSecrets } : undefined,
  seed,
});

console.log(`registry simulator listening: ${simulator.url}/api/v1 (${simulator.store.persons.size} persons, ${simulator.store.organizations.size} organizations)`);
console.log(webhookUrl ? `webhooks: POST ${webhookUrl}` : 'webhooks: off (set REGISTRY_SIMULATOR_WEBHOOK_URL and REGISTRY_SIMULATOR_WEBHOOK_SECRETS)');
console.log(`control API: ${simulator.url}/__control (${env.REGISTRY_SIMULATOR_CONTROL_TOKEN ? 'X-Control-Token' : 'X-API-Key'})`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void simulator.close().then(() => process.exit(0));
  });
}
