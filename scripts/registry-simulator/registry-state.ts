import { createProposalDesk } from './proposals';
import { applyChanges, createSeededStore, insertOrganization, insertPerson, type RegistryStore, upsertCodelistValue } from './registry-store';
import type { SimulatorSettings } from './settings';
import { type CodelistName, type OrganizationChanges, organizationEditableFields, type PersonChanges, personEditableFields, type RegistryOrganization, type RegistryPerson, type Submission } from './types';
import type { WebhookSender } from './webhook-sender';

const personCreatedFields: string[] = [...personEditableFields];
const organizationCreatedFields: string[] = [...organizationEditableFields];

export class RecordNotFoundError extends Error {}

/** The registry's behaviour: every accepted change to its data emits the matching signed webhook. */
export function createRegistryState(deps: { now: () => Date; settings: () => SimulatorSettings; webhooks: WebhookSender }) {
  const store: RegistryStore = createSeededStore();
  const timestamp = () => deps.now().toISOString();

  function changePerson(personId: string, changes: PersonChanges, submissionId?: string): string[] {
    const person = store.persons.get(personId);
    if (!person) throw new RecordNotFoundError(`No person ${personId} at the registry.`);
    const changedFields = applyChanges(person, changes, deps.now());
    const event = changedFields.includes('active') && !person.active ? 'person.deactivated' : 'person.updated';
    // An accepted proposal that changes nothing is still announced, so the proposer learns the outcome.
    if (changedFields.length > 0 || submissionId) deps.webhooks.send({ event, personId, changedFields, timestamp: timestamp(), ...(submissionId ? { submissionId } : {}) });
    return changedFields;
  }

  function changeOrganization(organizationId: string, changes: OrganizationChanges, submissionId?: string): string[] {
    const organization = store.organizations.get(organizationId);
    if (!organization) throw new RecordNotFoundError(`No organization ${organizationId} at the registry.`);
    const changedFields = applyChanges(organization, changes, deps.now());
    if (changedFields.length > 0 || submissionId) {
      deps.webhooks.send({ event: 'organization.updated', organizationId, changedFields, timestamp: timestamp(), ...(submissionId ? { submissionId } : {}) });
    }
    return changedFields;
  }

  function createPerson(fields: Omit<RegistryPerson, 'id' | 'updatedAt' | 'version' | 'active' | 'deactivatedAt'>, submissionId?: string): RegistryPerson {
    const person = insertPerson(store, fields, deps.now());
    deps.webhooks.send({ event: 'person.created', personId: person.id, changedFields: personCreatedFields, timestamp: timestamp(), ...(submissionId ? { submissionId } : {}) });
    return structuredClone(person);
  }

  function createOrganization(fields: Omit<RegistryOrganization, 'id' | 'updatedAt' | 'version' | 'active' | 'deactivatedAt'>, submissionId?: string): RegistryOrganization {
    const organization = insertOrganization(store, fields, deps.now());
    deps.webhooks.send({ event: 'organization.created', organizationId: organization.id, changedFields: organizationCreatedFields, timestamp: timestamp(), ...(submissionId ? { submissionId } : {}) });
    return structuredClone(organization);
  }

  function changeCodelist(name: CodelistName, input: { code: string; label?: string; active?: boolean }) {
    const change = upsertCodelistValue(store, name, input, deps.now());
    if (change) deps.webhooks.send({ event: `codelist.value_${change.kind}`, codelist: name, valueCode: change.value.code, changedFields: change.changedFields, timestamp: timestamp() });
    return change;
  }

  function checkOrganizations(ids: unknown) {
    for (const id of (ids as string[] | undefined) ?? []) {
      if (!store.organizations.has(id)) throw new Error(`Unknown organization ${id}.`);
    }
  }

  function accept(submission: Submission): string {
    const { changes, submissionId } = submission;
    if (submission.entity === 'person') {
      checkOrganizations(changes.organizationIds);
      if (submission.kind === 'create') return createPerson(withPersonDefaults(changes), submissionId).id;
      refuseIfMovedOn(store.persons.get(submission.targetId!), submission);
      changePerson(submission.targetId!, changes as PersonChanges, submissionId);
      return submission.targetId!;
    }
    if (submission.kind === 'create') return createOrganization(withOrganizationDefaults(changes), submissionId).id;
    changeOrganization(submission.targetId!, changes as OrganizationChanges, submissionId);
    return submission.targetId!;
  }

  const proposals = createProposalDesk({ now: deps.now, settings: deps.settings, accept });

  return { store, proposals, changePerson, changeOrganization, changeCodelist };
}

/**
 * A proposal made against values the record no longer has would silently undo someone else's change (a lost
 * update): refused, unless the record already holds the proposed value.
 */
function refuseIfMovedOn(record: RegistryPerson | undefined, submission: Submission): void {
  if (!record || !submission.basedOn) return;
  const current = record as unknown as Record<string, unknown>;
  const moved = Object.entries(submission.basedOn).filter(
    ([field, seen]) => JSON.stringify(current[field]) !== JSON.stringify(seen) && JSON.stringify(current[field]) !== JSON.stringify(submission.changes[field]),
  );
  if (moved.length > 0) throw new Error(`The record changed since the proposal was made (${moved.map(([field]) => field).join(', ')}); propose again against its current values.`);
}

function withPersonDefaults(changes: Record<string, unknown>): Omit<RegistryPerson, 'id' | 'updatedAt' | 'version' | 'active' | 'deactivatedAt'> {
  const c = changes as Partial<RegistryPerson>;
  return {
    firstName: c.firstName!,
    lastName: c.lastName!,
    birthDate: c.birthDate ?? null,
    nationalIdentifier: c.nationalIdentifier ?? null,
    nationality: c.nationality ?? null,
    officialEmail: c.officialEmail ?? null,
    organizationIds: c.organizationIds ?? [],
  };
}

function withOrganizationDefaults(changes: Record<string, unknown>): Omit<RegistryOrganization, 'id' | 'updatedAt' | 'version' | 'active' | 'deactivatedAt'> {
  const c = changes as Partial<RegistryOrganization>;
  return { name: c.name!, registrationNumber: c.registrationNumber ?? null, region: c.region ?? null, sports: c.sports ?? [], officialEmail: c.officialEmail ?? null };
}

export type RegistryState = ReturnType<typeof createRegistryState>;
