import type { OpenAPIRegistry, ResponseConfig } from '@asteasolutions/zod-to-openapi';
import { headerRefs, schemaRefs } from './components';
import { EXPORT_CONCURRENCY_LIMIT } from '@/lib/platform/export-lease/acquire-export-lease';
import { type ErrorCode, errorCatalogue, exampleBodyOf, statusOf } from './error-catalogue';

const statusNotes: Record<number, string> = {
  400: [
    'The request does not match its schema. `details.location` is `path`, `query` or `body`; `details.issues` lists each violation.',
    'Unknown query parameters and unknown body fields are rejected. A repeated query parameter or an invalid cursor gives `details.parameter`,',
    'malformed JSON gives `details.reason` = `malformed_json`, a body nested too deeply `too_deep`, and a path that is not valid percent-encoding',
    '`malformed_path` (answered before routing, without rate-limit headers). A body reference to a record that does not exist in the organisation',
    '(for example categoryId) is reported here with issue code `not_found`. On a POST, an invalid `Idempotency-Key` header gives `details.location` =',
    '`header` and `details.parameter` = `Idempotency-Key`.',
  ].join(' '),
  401: [
    'The bearer token is missing, malformed, expired or otherwise invalid, or was issued for another organisation.',
    '`details.reason` says which, for example `missing_token`, `malformed_authorization_header`, `expired`, `invalid_signature`,',
    '`invalid_issuer`, `invalid_audience`, `invalid_claims`, `unknown_key`, `issued_in_future`, `lifetime_too_long` or `tenant_mismatch`.',
    'Counted against the client\'s own rate limit, not the organisation\'s.',
  ].join(' '),
  403: [
    'The token is valid, but the account lacks the required role (`details.requiredRole`) or is deactivated (`details.reason` = `user_inactive`),',
    "or its identity belongs to an account that was erased: at the person's request (`account_erased`) or by the retention rule (`account_closed`).",
  ].join(' '),
  409: 'The change conflicts with the stored state; the code says how.',
  410: 'The link worked once and is gone for good; the code says why. Request a new export.',
  413: 'The request body exceeds 1,000,000 bytes.',
  415: 'The request body must be sent with `Content-Type: application/json`.',
  429: [
    'The limit the call counted against is used up: the organisation\'s per-minute or per-day allowance for a call with a valid token,',
    'otherwise the client\'s own per-minute limit at this organisation. On the export endpoints, also: too many exports running (`EXPORT_LIMIT_REACHED`). Retry after `Retry-After` seconds.',
  ].join(' '),
  500: 'An unexpected error; `details.requestId` identifies it in the server log. X-RateLimit-* headers are absent when the failure happened before the limit was checked.',
};

// What a client should make of codes whose cause the status alone does not tell.
const codeNotes: Partial<Record<ErrorCode, string>> = {
  TENANT_NOT_FOUND: 'no organisation is served at this address. Answered before rate limiting, so without X-RateLimit-* headers.',
  ASSET_NOT_FOUND: 'the asset does not exist, or belongs to another organisation (the two are indistinguishable by design).',
  CATEGORY_NOT_FOUND: 'the category does not exist, or belongs to another organisation.',
  LOCATION_NOT_FOUND: 'the location does not exist, or belongs to another organisation.',
  USER_NOT_FOUND: 'the user does not exist, or belongs to another organisation.',
  INVENTORY_NUMBER_CONFLICT: 'another asset of the organisation has this inventory number.',
  CATEGORY_NAME_CONFLICT: 'another category has this name (ignoring case).',
  LOCATION_NAME_CONFLICT: 'another location has this name (ignoring case).',
  CATEGORY_IN_USE: 'assets still refer to the category (`details.assetCount`).',
  LOCATION_IN_USE: 'assets still refer to the location (`details.assetCount`).',
  LAST_ADMIN: 'the change would leave the organisation without an active admin.',
  CONFLICT: 'a concurrent change took the same unique value first; retry after reading the current state.',
  REFERENCE_CONFLICT: 'a record this change refers to was removed concurrently.',
  RATE_LIMITED: 'the organisation has used up its per-minute or per-day allowance. Checked before authentication.',
  DATA_EXPORT_NOT_FOUND: 'the export does not exist, is another person’s, belongs to another organisation, or (on the download) the token is missing or wrong; all answer alike.',
  DATA_EXPORT_LINK_USED: 'the link was used once already; the file was deleted then.',
  DATA_EXPORT_LINK_EXPIRED: 'the link lapsed unused; the file was deleted.',
  INVALID_SIGNATURE:
    'the registry webhook is refused: the signature matches none of the active secrets, is missing, is not `hmac-sha256:<hex>` over the RFC 8785 canonical JSON, or the timestamp is more than 5 minutes away (`details.reason`: invalid_signature, missing_signature, conflicting_signatures or stale_timestamp; a body that cannot be read as an event is 400 instead). No bearer token is involved.',
  PERSON_NOT_REGISTERED: "the caller's person waits for the sports registry to accept it as a new record (syncStatus pending_registration); borrowing unlocks once the registry accepted. Reading and signing in work meanwhile.",
  PERSON_NOT_LOCAL_ONLY: 'the person is already linked to the registry, waits for its registration, or is deleted (`details.syncStatus`, `details.linked`).',
  REGISTRY_SYNC_OFF: 'the platform runs without a registry (phase 0: REGISTRY_URL or REGISTRY_WEBHOOK_SECRETS unset).',
  IDEMPOTENCY_KEY_REUSED:
    'the Idempotency-Key was used in the last 24 hours by the same user for another request: another path or query (`details.reason` = `different_path`) or another body (`different_body`). Nothing ran; send a new key for a new request.',
  IDEMPOTENCY_KEY_IN_USE:
    'the first request with this Idempotency-Key is still running after a duplicate waited `details.waitedSeconds` for it. Nothing ran; retry with the same key to receive the first request\'s answer.',
  DATABASE_UNAVAILABLE:
    'the database could not be reached, for example while a standby takes over from a lost primary (a few seconds). A write may or may not have been stored: retry after `Retry-After` seconds with the same Idempotency-Key to be sure it runs once.',
  EXPORT_LIMIT_REACHED: `the organisation already has ${EXPORT_CONCURRENCY_LIMIT} exports (CSV or XLSX, API or portal) running on any server; one ends when its download completes, fails or is cancelled, or about a minute after the client last read from it. Nothing was recorded.`,
};

const statusTitles: Record<number, string> = {
  400: 'Validation error',
  401: 'Not authenticated',
  403: 'Not permitted',
  404: 'Not found',
  409: 'Conflict',
  410: 'Gone',
  413: 'Payload too large',
  415: 'Unsupported media type',
  422: 'Unprocessable request',
  429: 'Too many requests',
  500: 'Server error',
  503: 'Unavailable',
};

const validationDetails = {
  type: 'object' as const,
  properties: {
    location: { type: 'string' as const, enum: ['path', 'query', 'body', 'header'] },
    issues: { type: 'array' as const, items: schemaRefs.validationIssue },
    parameter: { type: 'string' as const, description: 'The query parameter at fault (repeated parameter or invalid cursor).' },
    reason: {
      type: 'string' as const,
      description: 'Why the request could not be read: malformed_json, too_deep (body), malformed_path (path), or for the Idempotency-Key header empty, too_long or invalid_characters.',
    },
  },
};

function envelopeWithCodes(status: number, codes: ErrorCode[]) {
  const error = {
    type: 'object' as const,
    properties: { code: { type: 'string' as const, enum: codes }, ...(status === 400 ? { details: validationDetails } : {}) },
  };
  return { allOf: [schemaRefs.errorEnvelope, { type: 'object' as const, properties: { error } }] };
}

function headersFor(status: number, codes: ErrorCode[]) {
  const rateLimited = codes.some((code) => code !== 'TENANT_NOT_FOUND');
  return {
    ...(rateLimited
      ? { 'X-RateLimit-Limit': headerRefs.limit, 'X-RateLimit-Remaining': headerRefs.remaining, 'X-RateLimit-Reset': headerRefs.reset }
      : {}),
    'X-Request-Id': headerRefs.requestId,
    ...(status === 401 && codes.includes('UNAUTHENTICATED') ? { 'WWW-Authenticate': headerRefs.wwwAuthenticate } : {}),
    ...(status === 429 || codes.includes('DATABASE_UNAVAILABLE') ? { 'Retry-After': headerRefs.retryAfter } : {}),
  };
}

// The registry webhook's errors are not the tenant API's: their own note replaces the status's general one.
const ownNoteCodes: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['INVALID_SIGNATURE', 'REGISTRY_SYNC_OFF']);

function errorResponse(status: number, codes: ErrorCode[]) {
  const examples = Object.fromEntries(codes.map((code) => [code, { summary: errorCatalogue[code].message, value: exampleBodyOf(code) }]));
  const notes = codes.flatMap((code) => (codeNotes[code] ? [`\`${code}\`: ${codeNotes[code]}`] : []));
  const general = codes.every((code) => ownNoteCodes.has(code)) ? '' : (statusNotes[status] ?? '');
  return {
    description: [`${statusTitles[status] ?? 'Error'} (${codes.map((c) => `\`${c}\``).join(', ')}). ${general}`.trim(), ...notes].join('\n\n'),
    headers: headersFor(status, codes),
    content: { 'application/json': { schema: envelopeWithCodes(status, codes), examples } },
  };
}

// Errors every tenant operation shares are one component each, so the document stays small.
const sharedResponses = ['VALIDATION_ERROR', 'UNAUTHENTICATED', 'FORBIDDEN', 'TENANT_NOT_FOUND', 'PAYLOAD_TOO_LARGE', 'UNSUPPORTED_MEDIA_TYPE', 'RATE_LIMITED', 'DATABASE_UNAVAILABLE', 'INTERNAL_ERROR'] as const satisfies ErrorCode[];

function componentNameOf(code: ErrorCode): string {
  return code.toLowerCase().replace(/(?:^|_)([a-z])/g, (_match, letter: string) => letter.toUpperCase());
}

export function registerErrorResponses(registry: OpenAPIRegistry): void {
  for (const code of sharedResponses) registry.registerComponent('responses', componentNameOf(code), errorResponse(statusOf(code), [code]));
}

/** Responses keyed by status, each listing the error codes the operation can answer with at that status. */
export function buildErrorResponses(codes: ErrorCode[]): Record<string, ResponseConfig | { $ref: string }> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of codes) byStatus.set(statusOf(code), [...(byStatus.get(statusOf(code)) ?? []), code]);
  return Object.fromEntries(
    [...byStatus]
      .sort(([a], [b]) => a - b)
      .map(([status, group]) => {
        const [only] = group;
        const shared = group.length === 1 && only && (sharedResponses as readonly ErrorCode[]).includes(only);
        return [String(status), shared ? { $ref: `#/components/responses/${componentNameOf(only)}` } : errorResponse(status, group)];
      }),
  );
}
