import { getAntidopingRecord as readBack } from '@/lib/records/antidoping/get-antidoping-record';
import { AntidopingRecordIdParams, ListAntidopingRecordsQuery } from '@/lib/records/antidoping/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

// Anti-doping records are for the MEDICAL duty and the athlete tested; each read is audited.
const tag = 'Anti-doping records';
const medicalOnly = 'Needs the MEDICAL duty; the ADMIN role alone answers 403.';
const kept = 'Kept 10 years (spec 001): there is no DELETE, a mistake is corrected with PATCH.';
const sensitiveRead = 'Every response carrying a record writes SENSITIVE_RECORD_VIEWED for it (the field names, never the values), the subject’s own reads included.';

export const listAntidopingRecords = defineOperation({
  method: 'get',
  path: '/v1/antidoping-records',
  operationId: 'listAntidopingRecords',
  summary: 'List anti-doping records',
  description: `Newest first (by testedAt). ${medicalOnly} Without it, \`personId=me\` lists the caller's own records. ${sensitiveRead} One entry per returned record.`,
  tag,
  role: 'EMPLOYEE',
  query: ListAntidopingRecordsQuery,
  success: { status: 200, description: 'One page of anti-doping records.', schema: schemas.antidopingRecordPage },
});

export const createAntidopingRecord = defineOperation({
  method: 'post',
  path: '/v1/antidoping-records',
  operationId: 'createAntidopingRecord',
  summary: 'Record a doping control',
  description: `${medicalOnly} ${kept} Records ANTIDOPING_RECORD_CREATED; the result and the notes appear there only by name.`,
  tag,
  role: 'EMPLOYEE',
  body: schemas.createAntidopingRecordBody,
  success: { status: 201, description: 'The recorded control; Location points to it.', schema: schemas.antidopingRecord },
  // The replay of a key whose record the caller may no longer read answers the record's GET 404 (readBack).
  errors: ['PERSON_NOT_FOUND', 'ANTIDOPING_RECORD_NOT_FOUND'],
  readBack,
});

export const getAntidopingRecord = defineOperation({
  method: 'get',
  path: '/v1/antidoping-records/{id}',
  operationId: 'getAntidopingRecord',
  summary: 'Get an anti-doping record',
  description: `For the MEDICAL duty, or the athlete tested (anyone else gets 404, as for a missing record). ${sensitiveRead}`,
  tag,
  role: 'EMPLOYEE',
  params: AntidopingRecordIdParams,
  success: { status: 200, description: 'The anti-doping record.', schema: schemas.antidopingRecord },
  errors: ['ANTIDOPING_RECORD_NOT_FOUND'],
});

export const updateAntidopingRecord = defineOperation({
  method: 'patch',
  path: '/v1/antidoping-records/{id}',
  operationId: 'updateAntidopingRecord',
  summary: 'Change an anti-doping record',
  description: `${medicalOnly} Records ANTIDOPING_RECORD_UPDATED; a changed result or notes appear only as \`{ changed: true }\`.`,
  tag,
  role: 'EMPLOYEE',
  params: AntidopingRecordIdParams,
  body: schemas.updateAntidopingRecordBody,
  success: { status: 200, description: 'The updated record.', schema: schemas.antidopingRecord },
  errors: ['ANTIDOPING_RECORD_NOT_FOUND'],
});
