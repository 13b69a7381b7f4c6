import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { ListMedicalTreatmentsQuery, MedicalTreatmentIdParams } from '@/lib/medical/schemas';
import { ListPersonsQuery, PersonIdParams } from '@/lib/persons/schemas';
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
    summary: "Change a person's platform-owned fields",
    description: 'identifierNational is encrypted before it is stored. Records PERSON_UPDATED with the changed field names; the identifier appears only as `{ changed: true }`.',
    tag: 'Persons',
    role: 'ADMIN',
    params: PersonIdParams,
    body: schemas.updatePersonBody,
    success: { status: 200, description: 'The updated person, without the identifier.', schema: schemas.person },
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
    errors: ['PERSON_NOT_FOUND'],
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
