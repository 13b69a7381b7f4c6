import { getMedicalTreatment as readBack } from '@/lib/records/medical/get-medical-treatment';
import { ListMedicalTreatmentsQuery, MedicalTreatmentIdParams } from '@/lib/records/medical/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

const tag = 'Medical treatments';
const sensitiveRead = 'Each read of an encrypted field is recorded as SENSITIVE_RECORD_VIEWED (the field names, never the values).';
const medicalOnly = 'Needs the MEDICAL duty; the ADMIN role alone answers 403.';

export const listMedicalTreatments = defineOperation({
  method: 'get',
  path: '/v1/medical-treatments',
  operationId: 'listMedicalTreatments',
  summary: 'List medical treatments',
  description: `Newest first, decrypted. ${medicalOnly} Without it, \`personId=me\` lists the caller's own treatments. ${sensitiveRead} One entry per returned treatment.`,
  tag,
  role: 'EMPLOYEE',
  query: ListMedicalTreatmentsQuery,
  success: { status: 200, description: 'One page of treatments.', schema: schemas.medicalTreatmentPage },
});

export const createMedicalTreatment = defineOperation({
  method: 'post',
  path: '/v1/medical-treatments',
  operationId: 'createMedicalTreatment',
  summary: 'Record a medical treatment',
  description: `${medicalOnly} Diagnosis and notes are encrypted before they are stored. Records MEDICAL_TREATMENT_CREATED without their values.`,
  tag,
  role: 'EMPLOYEE',
  body: schemas.createMedicalTreatmentBody,
  success: { status: 201, description: 'The created treatment; Location points to it.', schema: schemas.medicalTreatment },
  // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
  errors: ['PERSON_NOT_FOUND', 'MEDICAL_TREATMENT_NOT_FOUND'],
  readBack,
});

export const getMedicalTreatment = defineOperation({
  method: 'get',
  path: '/v1/medical-treatments/{id}',
  operationId: 'getMedicalTreatment',
  summary: 'Get a medical treatment',
  description: `For the MEDICAL duty, or the treated person (anyone else gets 404). ${sensitiveRead}`,
  tag,
  role: 'EMPLOYEE',
  params: MedicalTreatmentIdParams,
  success: { status: 200, description: 'The treatment.', schema: schemas.medicalTreatment },
  errors: ['MEDICAL_TREATMENT_NOT_FOUND'],
});

export const updateMedicalTreatment = defineOperation({
  method: 'patch',
  path: '/v1/medical-treatments/{id}',
  operationId: 'updateMedicalTreatment',
  summary: 'Change a medical treatment',
  description: `${medicalOnly} Records MEDICAL_TREATMENT_UPDATED; encrypted fields appear only as \`{ changed: true }\`.`,
  tag,
  role: 'EMPLOYEE',
  params: MedicalTreatmentIdParams,
  body: schemas.updateMedicalTreatmentBody,
  success: { status: 200, description: 'The updated treatment.', schema: schemas.medicalTreatment },
  errors: ['MEDICAL_TREATMENT_NOT_FOUND'],
});
