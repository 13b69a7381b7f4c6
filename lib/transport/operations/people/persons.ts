import { ListPersonsQuery, PersonIdParams } from '@/lib/people/persons/schemas';
import { resourceSchemas as schemas } from '@/lib/transport/operations/resource-schemas';
import { defineOperation } from '../operation';

const tag = 'Persons';
const sensitiveRead = 'Each read of an encrypted field is recorded as SENSITIVE_RECORD_VIEWED (the field names, never the values).';

export const listPersons = defineOperation({
  method: 'get',
  path: '/v1/persons',
  operationId: 'listPersons',
  summary: 'List persons',
  description: 'The directory, oldest first, without national identifiers. Needs the ADMIN role or a duty (COACH, MEDICAL, FINANCE or SAFEGUARDING: a duty holder must find the person a first record is about); anyone else gets 403 with details.requiredRole ADMIN and details.orDuty any.',
  tag,
  role: 'EMPLOYEE',
  query: ListPersonsQuery,
  success: { status: 200, description: 'One page of persons.', schema: schemas.personPage },
});

export const createPerson = defineOperation({
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
  tag,
  role: 'ADMIN',
  body: schemas.createPersonBody,
  success: { status: 201, description: 'The new person, without the identifier; Location points to it.', schema: schemas.person },
});

export const registerPersonWithRegistry = defineOperation({
  method: 'post',
  path: '/v1/persons/{id}/registration',
  operationId: 'registerPersonWithRegistry',
  summary: 'Propose a local-only person to the registry',
  description:
    'For a person without a registry id (for example one the initial backfill did not find, or one the registry refused before): pending_registration and a `create` proposal, as for a new person. 503 REGISTRY_SYNC_OFF in phase 0.',
  tag,
  role: 'ADMIN',
  params: PersonIdParams,
  success: { status: 200, description: 'The person, now pending_registration, without the identifier.', schema: schemas.person },
  errors: ['PERSON_NOT_FOUND', 'PERSON_NOT_LOCAL_ONLY', 'REGISTRY_SYNC_OFF'],
});

export const getOwnPerson = defineOperation({
  method: 'get',
  path: '/v1/persons/me',
  operationId: 'getOwnPerson',
  summary: "Get the caller's own person",
  description: `The caller's person, national identifier included. ${sensitiveRead}`,
  tag,
  role: 'EMPLOYEE',
  success: { status: 200, description: "The caller's person.", schema: schemas.personDetail },
});

export const getPerson = defineOperation({
  method: 'get',
  path: '/v1/persons/{id}',
  operationId: 'getPerson',
  summary: 'Get a person',
  description: `For the ADMIN role, a duty holder or the person themselves (anyone else gets 403). identifierNational is present for an ADMIN and the person only. ${sensitiveRead}`,
  tag,
  role: 'EMPLOYEE',
  params: PersonIdParams,
  success: { status: 200, description: 'The person.', schema: schemas.personDetail },
  errors: ['PERSON_NOT_FOUND'],
});

export const updatePerson = defineOperation({
  method: 'patch',
  path: '/v1/persons/{id}',
  operationId: 'updatePerson',
  summary: 'Change a person',
  description: [
    'Platform-owned fields are written at once; identifierNational is encrypted before it is stored. Records PERSON_UPDATED with the changed field names; the identifier appears only as `{ changed: true }`.',
    'For a person mirrored from the registry (`externalRefs.registryId` set, sync on) the registry masters `nationality` and `identifierNational` (spec 002): a value other than the stored one is not written but put into one change proposal, approved by the caller (`approved_locally`) and sent to the registry, answered as `changeProposal` and recorded as PERSON_CHANGE_PROPOSED; the person keeps its values and `syncStatus` until the registry accepts.',
    'For a local-only person, or in phase 0, they are written directly and `changeProposal` is null.',
  ].join(' '),
  tag,
  role: 'ADMIN',
  params: PersonIdParams,
  body: schemas.updatePersonBody,
  success: { status: 200, description: 'The updated person, without the identifier, and the change proposal made for it, if any.', schema: schemas.updatedPerson },
  errors: ['PERSON_NOT_FOUND'],
});
