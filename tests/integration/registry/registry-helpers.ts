import { inject } from 'vitest';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { encryptField } from '@/lib/platform/crypto/encrypt-field';
import { createFieldEncryption, type FieldEncryption } from '@/lib/platform/crypto/field-encryption';
import { createKeyRing } from '@/lib/platform/crypto/key-ring';
import { createLocalKeyProvider } from '@/lib/platform/crypto/local-key-provider';
import { processRegistryWebhooks } from '@/lib/registry/jobs/process-registry-webhooks';
import { reconcileRegistry } from '@/lib/registry/jobs/reconcile-registry';
import { createHttpRegistryAdapter } from '@/lib/registry/adapter/http-registry-adapter';
import { createIdentifierDigester } from '@/lib/registry/mirror/identifier-digest';
import { createTokenBucket } from '@/lib/registry/adapter/token-bucket';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { createRegistrySimulator, type RegistrySimulator } from '@/scripts/registry-simulator/create-registry-simulator';
import type { RegistryPerson } from '@/scripts/registry-simulator/types';
import { createPerson, ownerDb } from '../../support/factories';
import { jobDb } from '../../support/job-db';

export const simulatorKey = 'registry-sync-in-test-key';
export const webhookPath = '/api/webhooks/external-registry';
let encryption: FieldEncryption | undefined;

/** Field encryption under the test server's master key: what the job writes, the server reads. */
export function serverEncryption(): FieldEncryption {
  encryption ??= createFieldEncryption(createKeyRing(createLocalKeyProvider(Buffer.from(inject('fleMasterKey'), 'base64'))), 300);
  return encryption;
}

const silent = { info: () => {}, warn: () => {}, error: () => {} };

/** A registry of the test's own that sends its signed webhooks to the test server, signed with the server's first secret. */
export function startRegistry(): Promise<RegistrySimulator> {
  return createRegistrySimulator({
    port: 0,
    apiKeys: [simulatorKey],
    webhook: {
      url: `${inject('baseUrl')}${webhookPath}`,
      secrets: inject('registryWebhookSecrets'),
      // The test server trusts one proxy hop: each simulator speaks as a client address of its own (198.18.0.0/15,
      // a range for tests), so one file's burst of webhooks (the convergence test sends hundreds) never spends
      // another file's rate limit.
      headers: { 'x-forwarded-for': `198.18.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` },
    },
    webhookRetryDelaysMs: [20, 20, 20],
  });
}

export function adapterFor(simulator: RegistrySimulator) {
  return createHttpRegistryAdapter({ baseUrl: simulator.url, apiKey: simulatorKey, timeoutMs: 2_000, rateLimit: createTokenBucket({ ratePerSecond: 1000 }), maxRetries: 1, baseDelayMs: 5 });
}

export function processWebhooks(simulator: RegistrySimulator | null, now: () => Date = () => new Date()) {
  return processRegistryWebhooks({ db: jobDb(), now, registry: simulator ? adapterFor(simulator) : null, encryption: serverEncryption(), log: silent });
}

export function reconcile(simulator: RegistrySimulator | null, now: () => Date = () => new Date()) {
  return reconcileRegistry({ db: jobDb(), now, registry: simulator ? adapterFor(simulator) : null, encryption: serverEncryption(), log: silent, pageSize: 7 });
}

/** A local person mirroring a registry person as of the last sync: identity fields and base equal the registry's. */
export async function mirrorPerson(organisationId: string, person: RegistryPerson, overrides: Record<string, unknown> = {}): Promise<string> {
  const { identifier, base } = await withTenant(jobDb(), organisationId, async (tx) => {
    const digest = await createIdentifierDigester(tx, organisationId, serverEncryption());
    return {
      identifier: person.nationalIdentifier ? await encryptField(tx, { organisationId }, 'person.identifierNational', person.nationalIdentifier, serverEncryption()) : null,
      base: {
        firstName: person.firstName,
        lastName: person.lastName,
        birthDate: person.birthDate,
        identifierNational: digest(person.nationalIdentifier),
        nationality: person.nationality,
        officialEmail: person.officialEmail,
        registryUpdatedAt: person.updatedAt,
      },
    };
  });
  return createPerson(organisationId, {
    first_name: person.firstName,
    last_name: person.lastName,
    birth_date: person.birthDate,
    identifier_national: identifier,
    nationality: person.nationality,
    official_email: person.officialEmail,
    preferred_email: 'private@home.example',
    language: 'nl',
    primary_role: 'coach',
    preferences: { channels: { email: false, push: true, sms: true, inApp: true }, marketingOptOut: true },
    registry_id: person.id,
    sync_status: 'synced',
    last_synced_at: new Date('2026-01-01T00:00:00.000Z'),
    registry_base: base,
    ...overrides,
  });
}

export async function personRow(personId: string) {
  const [row] = await ownerDb()`select first_name, last_name, birth_date::text as birth_date, nationality, official_email, preferred_email, language, primary_role,
      preferences, processing_restricted, registry_id, sync_status, last_synced_at, registry_base, deleted_at, anonymized_at, identifier_national, organisation_id
    from persons where id = ${personId}`;
  return row!;
}

export async function decryptedIdentifier(organisationId: string, stored: Buffer): Promise<string> {
  return withTenant(jobDb(), organisationId, (tx) => decryptField(tx, { organisationId }, 'person.identifierNational', stored, serverEncryption()));
}

export const applicationFields = (row: Record<string, unknown>) => ({
  preferred_email: row.preferred_email,
  language: row.language,
  primary_role: row.primary_role,
  preferences: row.preferences,
  processing_restricted: row.processing_restricted,
});
