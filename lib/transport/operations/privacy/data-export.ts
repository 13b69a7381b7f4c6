import { z } from 'zod';
import { configDefaults } from '@/lib/platform/config';
import { EXPORT_SCHEMA_ID } from '@/lib/privacy/data-export/export-document';
import {
  DataExport as DataExportSchema,
  DataExportIdParams,
  DownloadDataExportParams,
  DownloadDataExportQuery,
  RequestDataExportQuery,
} from '@/lib/privacy/data-export/schemas';
import { headerRefs } from '@/lib/transport/openapi/components';
import { buildErrorResponses } from '@/lib/transport/openapi/error-responses';
import { defineDocumentedOperation, defineOperation } from '../operation';
import { named } from '../named';

const tag = 'Your data';

const DataExport = named('DataExport', DataExportSchema, {
  description: "A copy of the caller's data being prepared, ready, used, failed or expired; the file itself is only reachable through the e-mailed link.",
});
const DataExportFile = named('DataExportFile', z.string(), {
  format: 'binary',
  description: 'format=pdf: the data as a readable report (application/pdf).',
});
// A JSON download is a JSON value, not a string: its shape is the published schema, which lives at its own URL.
const DataExportDocument = named('DataExportDocument', z.record(z.string(), z.unknown()), {
  description: 'format=json: the portability document (application/json), valid against GET /v1/data-export/schema.json.',
});
const DataExportJsonSchema = named('DataExportJsonSchema', z.record(z.string(), z.unknown()), {
  description: `A JSON Schema (draft 2020-12) document with \`$id\` \`${EXPORT_SCHEMA_ID}\`.`,
});

export const requestDataExport = defineOperation({
  method: 'get',
  path: '/v1/data-export',
  operationId: 'requestDataExport',
  summary: 'Export your data',
  description:
    "Queues an export of everything the organisation keeps about the caller (spec 001: access and portability): the person, accounts, activities, comments, conversations, messages, donations, transactions, medical treatments (decrypted), anti-doping records, incident reports, loans, notifications, audit entries and every other record in which they appear. A background job prepares it, then e-mails the caller a one-time download link. An export of the same format already pending or running is answered again (same id) instead of queueing a twin. Poll the Location for status and progress. Records DATA_EXPORT_REQUESTED.",
  tag,
  role: 'EMPLOYEE',
  query: RequestDataExportQuery,
  success: { status: 202, description: 'The export, pending (or already running); Location points to it.', schema: DataExport },
});

export const getDataExport = defineOperation({
  method: 'get',
  path: '/v1/data-export/{id}',
  operationId: 'getDataExport',
  summary: 'Get a data export',
  description: "Status, progress (records assembled so far and the total) and times of one of the caller's exports. Another person's export, or another organisation's, answers 404.",
  tag,
  role: 'EMPLOYEE',
  params: DataExportIdParams,
  success: { status: 200, description: 'The export.', schema: DataExport },
  errors: ['DATA_EXPORT_NOT_FOUND'],
});

// The two operations whose credential is not a bearer token: no 401, no role, the link's or the client's rate limit.

export const downloadDataExport = defineDocumentedOperation({
  method: 'get',
  path: '/v1/data-export/{id}/download',
  params: DownloadDataExportParams,
  query: DownloadDataExportQuery,
  document: {
    operationId: 'downloadDataExport',
    summary: 'Download your data export',
    description: `The file behind the e-mailed link. The \`token\` from the link is the credential, so no bearer token is needed and the link may be opened on another device. It works once: the first use answers the file and deletes it (DATA_EXPORT_DOWNLOADED), later uses answer 410 \`DATA_EXPORT_LINK_USED\`; after the link's lifetime (DATA_EXPORT_LINK_TTL_HOURS, default ${configDefaults.DATA_EXPORT_LINK_TTL_HOURS} hours) 410 \`DATA_EXPORT_LINK_EXPIRED\`. A wrong or missing token answers 404 exactly like an unknown export. A call whose token verifies counts against that link's own rate limit; any other against the client's, so guessing stays limited and nobody else's failures can block a real link.`,
    tags: [tag],
    security: [],
    request: { params: DownloadDataExportParams, query: DownloadDataExportQuery },
    responses: {
      200: {
        description: 'The file, as an attachment named `quartermaster-data-export-<YYYY-MM-DD>.<json|pdf>`; never cached.',
        headers: {
          'X-RateLimit-Limit': headerRefs.limit,
          'X-RateLimit-Remaining': headerRefs.remaining,
          'X-RateLimit-Reset': headerRefs.reset,
          'X-Request-Id': headerRefs.requestId,
          'Content-Disposition': { description: 'attachment; filename="quartermaster-data-export-<YYYY-MM-DD>.json"', schema: { type: 'string' } },
        },
        content: { 'application/json': { schema: DataExportDocument }, 'application/pdf': { schema: DataExportFile } },
      },
      ...buildErrorResponses(['TENANT_NOT_FOUND', 'DATA_EXPORT_NOT_FOUND', 'DATA_EXPORT_LINK_USED', 'DATA_EXPORT_LINK_EXPIRED', 'RATE_LIMITED', 'INTERNAL_ERROR']),
    },
  },
});

export const getDataExportSchema = defineDocumentedOperation({
  method: 'get',
  path: '/v1/data-export/schema.json',
  document: {
    operationId: 'getDataExportSchema',
    summary: 'Get the schema of the data export',
    description: 'The published JSON Schema (draft 2020-12) of the JSON export, generated from the schema every export is validated against before it is stored. Needs no token and no tenant; not rate limited.',
    tags: [tag],
    security: [],
    responses: { 200: { description: 'The JSON Schema.', content: { 'application/schema+json': { schema: DataExportJsonSchema } } } },
  },
});
