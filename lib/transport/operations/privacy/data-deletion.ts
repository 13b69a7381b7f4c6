import { pageSchema } from '@/lib/platform/pagination';
import {
  DataDeletionRequest as DataDeletionRequestSchema,
  DeletionRequestIdParams,
  FileDeletionRequestBody,
  ListDeletionRequestsQuery,
  RejectDeletionRequestBody,
  VerifyDeletionRequestBody,
} from '@/lib/privacy/erasure/deletion-requests/schemas';
import { headerRefs } from '@/lib/transport/openapi/components';
import { defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Erasure requests';

const DataDeletionRequest = named('DataDeletionRequest', DataDeletionRequestSchema, {
  description: 'An erasure request with its deadlines (target 7 days from verification, legal limit 30 days from the request) and progress.',
});
const DataDeletionRequestPage = named('DataDeletionRequestPage', pageSchema(DataDeletionRequestSchema), { description: 'One page of erasure requests, newest first.' });

export const listDataDeletionRequests = defineOperation({
  method: 'get',
  path: '/v1/data-delete-request',
  operationId: 'listDataDeletionRequests',
  summary: 'List erasure requests',
  description: "An ADMIN sees the organisation's requests; anyone else the requests about themselves. Filter by `status` or `overdue`; newest first, cursor-paged.",
  tag,
  role: 'EMPLOYEE',
  query: ListDeletionRequestsQuery,
  success: { status: 200, description: 'One page of requests.', schema: DataDeletionRequestPage },
});

export const fileDataDeletionRequest = defineOperation({
  method: 'post',
  path: '/v1/data-delete-request',
  operationId: 'fileDataDeletionRequest',
  summary: 'Request erasure of personal data',
  description:
    "Files a DataDeletionRequest (spec 001) for the caller's own person, or, for an ADMIN, for `personId` of the organisation. `scope: full` erases the person (medical, anti-doping, financial records, activities and the audit log are kept, anonymised); `scope: partial` erases only `partialFields`. While a request for the person is pending, verified or in progress, that one is answered (200) instead of filing a second. An ADMIN then verifies the subject's identity. A person already erased answers 409 `PERSON_ALREADY_ERASED`; someone else's person without the ADMIN role 403; an unknown person, or another organisation's, 404. Records DATA_DELETION_REQUESTED.",
  tag,
  role: 'EMPLOYEE',
  body: FileDeletionRequestBody,
  success: { status: 201, description: 'The new request, pending; Location points to it.', schema: DataDeletionRequest },
  alsoSuccess: {
    status: 200,
    description: 'A request for the person is already open: that one, unchanged (Location points to it).',
    schema: DataDeletionRequest,
    headers: { Location: headerRefs.location },
  },
  errors: ['PERSON_NOT_FOUND', 'PERSON_ALREADY_ERASED'],
});

export const getDataDeletionRequest = defineOperation({
  method: 'get',
  path: '/v1/data-delete-request/{id}',
  operationId: 'getDataDeletionRequest',
  summary: 'Get an erasure request',
  description: "Status, deadlines, `overdue` and progress. Someone else's request (for a non-ADMIN) or another organisation's answers 404.",
  tag,
  role: 'EMPLOYEE',
  params: DeletionRequestIdParams,
  success: { status: 200, description: 'The request.', schema: DataDeletionRequest },
  errors: ['DATA_DELETION_REQUEST_NOT_FOUND'],
});

export const verifyDataDeletionRequest = defineOperation({
  method: 'post',
  path: '/v1/data-delete-request/{id}/verify',
  operationId: 'verifyDataDeletionRequest',
  summary: "Verify the subject's identity",
  description:
    "pending -> verified, after the ADMIN confirmed the subject's identity by phone, video or in person (spec 001). Starts the 7-day target; the background job then writes the deletion ledger, erases, confirms to the subject by e-mail and removes their address at the e-mail provider. Four eyes: an ADMIN cannot verify a request about themselves (403 `DATA_DELETION_OWN_REQUEST`), nor one they filed for someone else (403 `DATA_DELETION_FILER_CANNOT_VERIFY`): another ADMIN verifies it. Any state but pending answers 409 `DATA_DELETION_REQUEST_STATE_CONFLICT`. Records DATA_DELETION_VERIFIED.",
  tag,
  role: 'ADMIN',
  params: DeletionRequestIdParams,
  body: VerifyDeletionRequestBody,
  success: { status: 200, description: 'The verified request.', schema: DataDeletionRequest },
  errors: ['DATA_DELETION_REQUEST_NOT_FOUND', 'DATA_DELETION_REQUEST_STATE_CONFLICT', 'DATA_DELETION_OWN_REQUEST', 'DATA_DELETION_FILER_CANNOT_VERIFY'],
});

export const rejectDataDeletionRequest = defineOperation({
  method: 'post',
  path: '/v1/data-delete-request/{id}/reject',
  operationId: 'rejectDataDeletionRequest',
  summary: 'Reject an erasure request',
  description:
    'pending -> rejected, with a reason the subject is told by e-mail and in the app. Nothing is erased. Not for a request about oneself (403 `DATA_DELETION_OWN_REQUEST`); whoever filed a request for someone else may reject it. Any state but pending answers 409 `DATA_DELETION_REQUEST_STATE_CONFLICT`. Records DATA_DELETION_REJECTED.',
  tag,
  role: 'ADMIN',
  params: DeletionRequestIdParams,
  body: RejectDeletionRequestBody,
  success: { status: 200, description: 'The rejected request.', schema: DataDeletionRequest },
  errors: ['DATA_DELETION_REQUEST_NOT_FOUND', 'DATA_DELETION_REQUEST_STATE_CONFLICT', 'DATA_DELETION_OWN_REQUEST'],
});
