import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ListMedicalTreatmentsQuery, MedicalTreatmentIdParams } from '@/lib/records/medical/schemas';
import { ListPersonsQuery, PersonIdParams } from '@/lib/people/persons/schemas';
import { registerTenantOperation } from './register-tenant-operation';
import type { ResourceSchemas } from './resource-schemas';

const sensitiveRead = 'Each read of an encrypted field is recorded as SENSITIVE_RECORD_VIEWED (the field names, never the values).';
const medicalOnly = 'Needs the MEDICAL duty; the ADMIN role alone answers 403.';

function registerPersonPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/persons',
    operationId: 'listPersons',
    summary: 'List persons',
    description: 'The directory, oldest first, without national identifiers. Needs the ADMIN role or the COACH duty; anyone else gets 403.',
    tag: 'Persons',
    role: 'EMPLOYEE',
    query: ListPersonsQuery,
    success: { status: 200, description: 'One page of persons.', schema: schemas.personPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/persons',
    operationId: 'createPerson',
    summary: 'Register a new person',
    description: [
      'Creates a person the sports registry does not know. With a registry configured, the person starts in `externalRefs.syncStatus` pending_registration and a `create` proposal',
      '(approved_locally) goes to the registry through the submission job; until the registry accepts, the person cannot borrow (403 PERSON_NOT_REGISTERED) and is no loan approver.',
      'Acceptance links the person (registryId, synced); a refusal leaves them local-only and notifies the admins. In phase 0 (no registry) the person is simply local (syncStatus null).',
      'identifierNational is encrypted before it is stored. Records PERSON_CREATED (and PERSON_REGISTRATION_PROPOSED).',
    ].join(' '),
    tag: 'Persons',
    role: 'ADMIN',
    body: schemas.createPersonBody,
    success: { status: 201, description: 'The new person, without the identifier; Location points to it.', schema: schemas.person },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/persons/{id}/registration',
    operationId: 'registerPersonWithRegistry',
    summary: 'Propose a local-only person to the registry',
    description:
      'For a person without a registry id (for example one the initial backfill did not find, or one the registry refused before): pending_registration and a `create` proposal, as for a new person. 503 REGISTRY_SYNC_OFF in phase 0.',
    tag: 'Persons',
    role: 'ADMIN',
    params: PersonIdParams,
    success: { status: 200, description: 'The person, now pending_registration, without the identifier.', schema: schemas.person },
    errors: ['PERSON_NOT_FOUND', 'PERSON_NOT_LOCAL_ONLY', 'REGISTRY_SYNC_OFF'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/persons/me',
    operationId: 'getOwnPerson',
    summary: "Get the caller's own person",
    description: `The caller's person, national identifier included. ${sensitiveRead}`,
    tag: 'Persons',
    role: 'EMPLOYEE',
    success: { status: 200, description: "The caller's person.", schema: schemas.personDetail },
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/persons/{id}',
    operationId: 'getPerson',
    summary: 'Get a person',
    description: `For the ADMIN role, the COACH duty or the person themselves (anyone else gets 403). identifierNational is present for an ADMIN and the person only. ${sensitiveRead}`,
    tag: 'Persons',
    role: 'EMPLOYEE',
    params: PersonIdParams,
    success: { status: 200, description: 'The person.', schema: schemas.personDetail },
    errors: ['PERSON_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/persons/{id}',
    operationId: 'updatePerson',
    summary: 'Change a person',
    description: [
      'Platform-owned fields are written at once; identifierNational is encrypted before it is stored. Records PERSON_UPDATED with the changed field names; the identifier appears only as `{ changed: true }`.',
      'For a person mirrored from the registry (`externalRefs.registryId` set, sync on) the registry masters `nationality` and `identifierNational` (spec 002): a value other than the stored one is not written but put into one change proposal, approved by the caller (`approved_locally`) and sent to the registry, answered as `changeProposal` and recorded as PERSON_CHANGE_PROPOSED; the person keeps its values and `syncStatus` until the registry accepts.',
      'For a local-only person, or in phase 0, they are written directly and `changeProposal` is null.',
    ].join(' '),
    tag: 'Persons',
    role: 'ADMIN',
    params: PersonIdParams,
    body: schemas.updatePersonBody,
    success: { status: 200, description: 'The updated person, without the identifier, and the change proposal made for it, if any.', schema: schemas.updatedPerson },
    errors: ['PERSON_NOT_FOUND'],
  });
}

function registerMedicalPaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/medical-treatments',
    operationId: 'listMedicalTreatments',
    summary: 'List medical treatments',
    description: `Newest first, decrypted. ${medicalOnly} Without it, \`personId=me\` lists the caller's own treatments. ${sensitiveRead} One entry per returned treatment.`,
    tag: 'Medical treatments',
    role: 'EMPLOYEE',
    query: ListMedicalTreatmentsQuery,
    success: { status: 200, description: 'One page of treatments.', schema: schemas.medicalTreatmentPage },
  });
  registerTenantOperation(registry, {
    method: 'post',
    path: '/v1/medical-treatments',
    operationId: 'createMedicalTreatment',
    summary: 'Record a medical treatment',
    description: `${medicalOnly} Diagnosis and notes are encrypted before they are stored. Records MEDICAL_TREATMENT_CREATED without their values.`,
    tag: 'Medical treatments',
    role: 'EMPLOYEE',
    body: schemas.createMedicalTreatmentBody,
    success: { status: 201, description: 'The created treatment; Location points to it.', schema: schemas.medicalTreatment },
    // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
    errors: ['PERSON_NOT_FOUND', 'MEDICAL_TREATMENT_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'get',
    path: '/v1/medical-treatments/{id}',
    operationId: 'getMedicalTreatment',
    summary: 'Get a medical treatment',
    description: `For the MEDICAL duty, or the treated person (anyone else gets 404). ${sensitiveRead}`,
    tag: 'Medical treatments',
    role: 'EMPLOYEE',
    params: MedicalTreatmentIdParams,
    success: { status: 200, description: 'The treatment.', schema: schemas.medicalTreatment },
    errors: ['MEDICAL_TREATMENT_NOT_FOUND'],
  });
  registerTenantOperation(registry, {
    method: 'patch',
    path: '/v1/medical-treatments/{id}',
    operationId: 'updateMedicalTreatment',
    summary: 'Change a medical treatment',
    description: `${medicalOnly} Records MEDICAL_TREATMENT_UPDATED; encrypted fields appear only as \`{ changed: true }\`.`,
    tag: 'Medical treatments',
    role: 'EMPLOYEE',
    params: MedicalTreatmentIdParams,
    body: schemas.updateMedicalTreatmentBody,
    success: { status: 200, description: 'The updated treatment.', schema: schemas.medicalTreatment },
    errors: ['MEDICAL_TREATMENT_NOT_FOUND'],
  });
}

export function registerPeoplePaths(registry: OpenAPIRegistry, schemas: ResourceSchemas): void {
  registerPersonPaths(registry, schemas);
  registerMedicalPaths(registry, schemas);
}
