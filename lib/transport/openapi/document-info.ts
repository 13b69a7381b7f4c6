import packageJson from '@/package.json';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from '@/lib/platform/pagination';
import { IDEMPOTENCY_KEY_LIFETIME_MS, IDEMPOTENCY_WAIT_MS } from '@/lib/transport/http/idempotency';
import { IDEMPOTENCY_KEY_MAX_LENGTH } from '@/lib/transport/http/idempotency-fingerprint';
import { MAX_JSON_DEPTH } from '@/lib/transport/http/parse-request';
import { configDefaults } from '@/lib/platform/config';
import { resolveLimits } from '@/lib/platform/rate-limit/tiers';
import { errorCatalogue, type ErrorCode, statusOf } from './error-catalogue';

const tierNames = { FREE: 'Free', PRO_SMALL: 'Pro Small', PRO_STANDARD: 'Pro Standard', PRO_PLUS: 'Pro Plus' } as const;

function formatCount(value: number): string {
  return value.toLocaleString('en-GB');
}

function rateLimitTable(): string {
  const rows = Object.entries(tierNames).map(([tier, name]) => {
    const limits = resolveLimits(tier as keyof typeof tierNames);
    return `| ${name} | ${formatCount(limits.perMinute)} | ${formatCount(limits.perDay)} |`;
  });
  return ['| Tier | Requests per minute | Requests per day |', '|---|---|---|', ...rows, '| Enterprise | custom | custom |'].join('\n');
}

function errorCodeTable(): string {
  const byStatus = new Map<number, string[]>();
  for (const code of Object.keys(errorCatalogue) as ErrorCode[]) {
    const status = statusOf(code);
    byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${code}\``]);
  }
  const rows = [...byStatus].sort(([a], [b]) => a - b).map(([status, codes]) => `| ${status} | ${codes.join(', ')} |`);
  return ['| Status | Codes |', '|---|---|', ...rows].join('\n');
}

function describeApi(): string {
  const config = configDefaults;
  return `The REST API of Quartermaster, multi-tenant asset lending: an organisation records its assets and lends them to its people.

## Authentication
Every endpoint except \`GET /health\` and \`GET /health/ready\` requires \`Authorization: Bearer <access token>\`.

- Obtain the token from the organisation's identity provider with OAuth 2.0 Authorization Code and PKCE.
- The token is a JWT signed with RS256 and expires after 1 hour. The server verifies it against the provider's public key set (cached for 24 hours) and checks issuer and audience.
- The token must carry \`iat\` and \`exp\`. It is refused when \`iat\` lies in the future or \`exp\` - \`iat\` exceeds ${formatCount(config.ACCESS_TOKEN_MAX_LIFETIME_SECONDS)} seconds, each beyond a clock skew of ${config.ACCESS_TOKEN_CLOCK_SKEW_SECONDS} seconds (also the tolerance on \`exp\`); these are the defaults, which an operator may change.
- The server reads the claims \`organisationId\`, \`userId\` and \`role\`. The stored account decides the role and whether it is active; a first request creates the account as EMPLOYEE, and an admin assigns roles later.
- **401** \`UNAUTHENTICATED\` (with \`WWW-Authenticate: Bearer\`): the token is missing, malformed, expired or invalid, or was issued for another organisation.
- **403** \`FORBIDDEN\`: the token is valid but the role is too low (\`details.requiredRole\`), a club duty the operation needs is missing (\`details.requiredDuty\`), or the account is deactivated.
- Roles are ordered EMPLOYEE < ASSET_MANAGER < ADMIN. Each operation names its minimum role; \`x-roles\` lists the roles allowed.

## Tenants
The organisation is identified by the sub-domain: \`https://{tenant}.quartermaster.app/api\`. An unknown sub-domain answers 404 \`TENANT_NOT_FOUND\`. A resource of another organisation answers 404 with the resource's not-found code, exactly like a resource that does not exist. In demo mode the tenant may instead be given as the query parameter \`tenant\`, which is consumed by routing and is not an operation parameter.

## Rate limits
Limits apply per organisation, in a per-minute and a per-day window (fixed windows aligned to the Unix epoch):

${rateLimitTable()}

Enterprise limits are set by contract. Only calls whose token was verified and issued for the organisation count against these limits, so no one can use up an organisation's allowance without its credentials.

Every other call counts against a limit of the client at this organisation, ${formatCount(config.ANONYMOUS_RATE_LIMIT_PER_MINUTE)} requests per minute by default, kept per client address: calls without a token, with a token that fails verification (invalid, expired, issued for another organisation), and answers that never look at the token (405 \`METHOD_NOT_ALLOWED\`, 404 \`ENDPOINT_NOT_FOUND\`; an unknown endpoint where no organisation is served counts against the client's own limit). The client address is taken from \`X-Forwarded-For\` only as far as the operator's own proxies append to it. A one-time link whose token verifies (a data export's download, an official e-mail's confirmation) counts against a limit of that link instead, so other callers' failures never block it.

Every tenant response carries \`X-RateLimit-Limit\`, \`X-RateLimit-Remaining\` and \`X-RateLimit-Reset\` for the limit the call counted against; they describe the tighter of the two windows (the exhausted one on a 429), and \`X-RateLimit-Reset\` is in Unix epoch seconds. When a limit is exceeded the answer is 429 \`RATE_LIMITED\` with \`Retry-After\` in seconds.

## Pagination
List endpoints use keyset pagination. \`limit\` defaults to ${DEFAULT_PAGE_SIZE} and may be at most ${MAX_PAGE_SIZE}. To fetch the next page pass \`pagination.nextCursor\` as \`cursor\`, unchanged; it is opaque. \`pagination.hasMore\` says whether another page exists and \`pagination.total\` counts every match of the filters. An invalid or tampered cursor answers 400 \`VALIDATION_ERROR\`.

## Requests and errors
GET reads, POST creates (201 with a \`Location\` header, or 202 with one where a background job does the work, as for backups), PATCH changes the fields it is given (200), DELETE deletes (204). PUT is not used: PUT and any other method a path does not list answer 405 \`METHOD_NOT_ALLOWED\` with an \`Allow\` header, and a path under \`/api\` without an endpoint answers 404 \`ENDPOINT_NOT_FOUND\`. A path that is not valid percent-encoding answers 400 \`VALIDATION_ERROR\` (\`details.reason\` = \`malformed_path\`) before routing, without rate-limit headers. Request bodies are JSON (\`Content-Type: application/json\`, at most 1,000,000 bytes, nested at most ${MAX_JSON_DEPTH} levels deep). Dates are calendar days written YYYY-MM-DD; a day the calendar does not have, such as 2026-02-30, is refused. Unknown query parameters and unknown body fields are rejected.

Every error has the body \`{ "error": { "code", "message", "details" } }\`. The codes by status:

${errorCodeTable()}

Every response to a tenant endpoint carries \`X-Request-Id\`.

## Idempotent requests
Every POST accepts an optional \`Idempotency-Key\` header (1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters, per organisation and user, kept ${IDEMPOTENCY_KEY_LIFETIME_MS / 3_600_000} hours). Sending the same request again with the same key runs nothing and replays the first answer (status, body, \`Content-Type\`, \`Location\`) with \`Idempotent-Replayed: true\`; the same key with another path, query or body is 422 \`IDEMPOTENCY_KEY_REUSED\`. A duplicate sent while the first request still runs waits for it (up to ${IDEMPOTENCY_WAIT_MS / 1000} seconds, then 409 \`IDEMPOTENCY_KEY_IN_USE\`) and replays its answer, so concurrent duplicates have one effect. Answers the request ended with are kept, errors of the business rules included; nothing is kept for a request refused before it ran, nor for 401, 403, 429 and 5xx, so those may be retried with the same key.

## Versioning
The major version is a path prefix; the current one is \`/v1\`. A breaking change adds \`/v2\` alongside \`/v1\`. Within v1 fields, optional parameters and error codes may be added: ignore unknown fields and handle an unknown code by its status. \`info.version\` is the version of the implementation.`;
}

export const documentInfo = {
  title: 'Quartermaster API',
  version: packageJson.version,
  description: describeApi(),
};

export const documentServers = [
  {
    url: 'https://{tenant}.quartermaster.app/api',
    description: 'Production: one sub-domain per organisation.',
    variables: { tenant: { default: 'acme', description: "The organisation's sub-domain." } },
  },
  {
    url: 'http://{tenant}.localhost:3000/api',
    description: 'Local development server.',
    variables: { tenant: { default: 'acme', description: "The organisation's sub-domain." } },
  },
];

export const documentTags = [
  { name: 'Assets', description: 'The equipment an organisation records and lends.' },
  { name: 'Categories', description: 'Kinds of assets, with the custom fields their assets carry.' },
  { name: 'Locations', description: 'Places where assets are kept.' },
  { name: 'Users', description: 'People of the organisation, their roles and active state.' },
  { name: 'Persons', description: 'The directory of persons; national identifiers for admins and the persons themselves.' },
  { name: 'Medical treatments', description: 'Treatments, for the MEDICAL duty and the treated person only.' },
  { name: 'Activities', description: 'Trainings, matches, mentoring and other activities of persons, with their comments; for coaches, admins and the subject.' },
  { name: 'Donations', description: 'Gifts to the club, for the FINANCE duty and the donor; kept 10 years. Amounts are decimal strings.' },
  { name: 'Financial transactions', description: 'Membership fees, sponsorships, refunds and purchases, for the FINANCE duty and the person concerned; kept 10 years.' },
  { name: 'Anti-doping records', description: 'Doping controls, for the MEDICAL duty and the athlete; every read is audited.' },
  { name: 'Incident reports', description: 'Filed by anyone, handled by the SAFEGUARDING duty; readable by the reporter and the subject; every read is audited.' },
  { name: 'Conversations', description: 'Conversations and their messages, for their participants only; an ADMIN moderates messages and sets retention.' },
  { name: 'Profile', description: "The caller's own profile: contact details, preferences, restriction, and identity change requests." },
  { name: 'Your data', description: "The caller's copy of their own data (spec 001, access and portability): a background job prepares it and e-mails a one-time link." },
  { name: 'Erasure requests', description: "Data-subject erasure (spec 001): filed by the subject (or an ADMIN for them), verified or rejected by an ADMIN, carried out by a background job." },
  { name: 'Retention', description: "Spec 001's retention per kind of data as policy as code: the table, dry runs, manual runs and the record of the daily runs." },
  { name: 'Audit log', description: 'The immutable record of every change.' },
  { name: 'Backups', description: "Downloadable exports of the organisation's data, made by a background job." },
  { name: 'Legal reports', description: 'The monthly report for the legal department (spec 001): erasure requests, retention anomalies and the top accessors of sensitive records, as JSON, CSV or PDF.' },
  { name: 'Health', description: "Service status and this API's own description; no authentication." },
  { name: 'Registry', description: 'The inbound webhook of the external sports registry (spec 002): signed events, not per tenant; no bearer token.' },
  {
    name: 'Webhooks',
    description:
      "Outbound webhooks for integrators (Standard Webhooks): an ADMIN registers https endpoints for loan and asset events; each event is POSTed as `{ type, timestamp, data }` with the headers webhook-id, webhook-timestamp and webhook-signature, retried with backoff, and logged per endpoint with redelivery. The events and their bodies are listed under `webhooks`. Verify with any Standard Webhooks library (e.g. npm `standardwebhooks`: `new Webhook(secret).verify(rawBody, headers)`) on the raw body, before parsing it.",
  },
  { name: 'Code lists', description: 'Registry code lists (mirrored from the external registry, read-only) and local lists, with each organisation\'s own custom values (spec 002).' },
  { name: 'MCP', description: 'The Model Context Protocol server for agents (POST /mcp) and the OAuth protected-resource metadata (RFC 9728) through which its clients find the identity provider.' },
];
