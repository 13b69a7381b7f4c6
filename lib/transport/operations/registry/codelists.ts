import {
  CodelistDetail as CodelistDetailSchema,
  CodelistList as CodelistListSchema,
  CodelistNameParams,
  CodelistValue as CodelistValueSchema,
  CodelistValueParams,
  CreateCodelistValueBody as CreateCodelistValueBodySchema,
  UpdateCodelistValueBody as UpdateCodelistValueBodySchema,
} from '@/lib/registry/codelists/schemas';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Code lists';

const CodelistList = named('CodelistList', CodelistListSchema);
const CodelistDetail = named('CodelistDetail', CodelistDetailSchema, { description: "A code list with the registry's values and this organisation's custom values." });
const CodelistValue = named('CodelistValue', CodelistValueSchema);
const CreateCodelistValueBody = named('CreateCodelistValueBody', CreateCodelistValueBodySchema);
const UpdateCodelistValueBody = named('UpdateCodelistValueBody', UpdateCodelistValueBodySchema, { minProperties: 1 });

export const listCodelists = defineOperation({
  method: 'get',
  path: '/v1/codelists',
  operationId: 'listCodelists',
  summary: 'List the code lists',
  tag,
  role: 'EMPLOYEE',
  description:
    'Registry lists (sport, region, athlete category weekly; league, competition daily; mirrored from the external registry, spec 002) and local-only lists (never synced), with the last sync and the number of values this organisation sees.',
  success: { status: 200, description: 'The code lists.', schema: CodelistList },
});

export const getCodelist = defineOperation({
  method: 'get',
  path: '/v1/codelists/{name}',
  operationId: 'getCodelist',
  summary: 'Get a code list with its values',
  tag,
  role: 'EMPLOYEE',
  params: CodelistNameParams,
  description:
    "The registry's values (read-only; deactivated ones are kept with active false, never deleted) and this organisation's custom values. Other organisations' custom values are never shown.",
  success: { status: 200, description: 'The list and its values.', schema: CodelistDetail },
  errors: ['CODELIST_NOT_FOUND'],
});

export const createCodelistValue = defineOperation({
  method: 'post',
  path: '/v1/codelists/{name}/values',
  operationId: 'createCodelistValue',
  summary: 'Add a custom value',
  tag,
  role: 'ADMIN',
  params: CodelistNameParams,
  body: CreateCodelistValueBody,
  description:
    'A value of this organisation only (isCustom): visible to no other organisation, never sent to the registry, never changed or removed by the sync. A code the list already has is 409 CODELIST_VALUE_EXISTS. Records CODELIST_VALUE_CREATED.',
  success: { status: 201, description: 'The new value.', schema: CodelistValue },
  errors: ['CODELIST_NOT_FOUND', 'CODELIST_VALUE_EXISTS'],
});

export const updateCodelistValue = defineOperation({
  method: 'patch',
  path: '/v1/codelists/{name}/values/{id}',
  operationId: 'updateCodelistValue',
  summary: 'Change a custom value',
  tag,
  role: 'ADMIN',
  params: CodelistValueParams,
  body: UpdateCodelistValueBody,
  description:
    "Relabel, deactivate (active false) or reactivate one of this organisation's custom values. Registry values are read-only (409 CODELIST_VALUE_READ_ONLY); another organisation's value is 404. Records CODELIST_VALUE_UPDATED.",
  success: { status: 200, description: 'The value after the change.', schema: CodelistValue },
  errors: ['CODELIST_NOT_FOUND', 'CODELIST_VALUE_NOT_FOUND', 'CODELIST_VALUE_READ_ONLY'],
});
