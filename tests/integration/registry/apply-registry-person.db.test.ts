import { describe, expect, it } from 'vitest';
import { applyRegistryPerson } from '@/lib/registry/mirror/apply-registry-person';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import type { RegistryPerson } from '@/scripts/registry-simulator/types';
import { createTenant } from '../../support/factories';
import { jobDb } from '../../support/job-db';
import { mirrorPerson, personRow, serverEncryption } from './registry-helpers';

const at = '2026-02-01T10:00:00.000Z';
const remote = (version: number, officialEmail: string): RegistryPerson => ({
  id: 'P-199001',
  firstName: 'Same',
  lastName: 'Millisecond',
  birthDate: '1990-05-05',
  nationalIdentifier: null,
  nationality: 'DE',
  officialEmail,
  organizationIds: [],
  active: true,
  deactivatedAt: null,
  updatedAt: at,
  version,
});

const apply = (organisationId: string, personId: string, person: RegistryPerson) =>
  withTenant(jobDb(), organisationId, (tx) =>
    applyRegistryPerson(tx, { organisationId, requestId: 'test', now: new Date(), user: null }, { personId, registryPerson: person, source: { via: 'reconcile', runId: 'test' }, encryption: serverEncryption() }),
  );

describe('applyRegistryPerson: answers arriving out of order', () => {
  it('two registry changes within one millisecond: the older version, arriving last, is stale and changes nothing', async () => {
    const tenant = await createTenant();
    const personId = await mirrorPerson(tenant.id, remote(1, 'first@registry.example'));

    expect(await apply(tenant.id, personId, remote(3, 'newest@registry.example'))).toBe('updated');
    expect(await apply(tenant.id, personId, remote(2, 'older@registry.example'))).toBe('stale');
    expect(await personRow(personId)).toMatchObject({ official_email: 'newest@registry.example', sync_status: 'synced', registry_base: expect.objectContaining({ officialEmail: 'newest@registry.example', registryVersion: 3 }) });

    // Same version and time again (a repeated delivery) is not stale: applying it changes nothing.
    expect(await apply(tenant.id, personId, remote(3, 'newest@registry.example'))).toBe('unchanged');
  });
});
