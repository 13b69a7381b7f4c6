import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  changeOrganizationBody,
  changePersonBody,
  codelistQuery,
  createOrganizationBody,
  createPersonBody,
  exportQuery,
  listQuery,
  personsQuery,
} from './api-schemas';
import { HttpError, matchPath, parseWith, readJson, sendJson } from './http-io';
import { InvalidCursorError, listChanges } from './list-changes';
import type { PersonExport } from './person-export';
import { IdempotencyConflictError, type ProposalInput } from './proposals';
import type { RegistryState } from './registry-state';
import { codelistNames, type CodelistName } from './types';

export type ApiContext = { state: RegistryState; exports: PersonExport; baseUrl: () => string };
type Call = { req: IncomingMessage; res: ServerResponse; path: string; query: Record<string, string>; apiKey: string };

function list<T extends { updatedAt: string; id: string }>(records: Iterable<T>, query: { changedSince?: string; cursor?: string; limit: number }) {
  try {
    return listChanges(records, { changedSince: query.changedSince === undefined ? undefined : new Date(query.changedSince), cursor: query.cursor, limit: query.limit });
  } catch (error) {
    if (error instanceof InvalidCursorError) throw new HttpError(400, 'INVALID_CURSOR', error.message);
    throw error;
  }
}

function submit(ctx: ApiContext, call: Call, input: ProposalInput, idempotencyKey: string) {
  try {
    // Keys are scoped per API key: two integrators cannot collide.
    const { submission, replayed } = ctx.state.proposals.submit(input, `${call.apiKey}\n${idempotencyKey}`);
    sendJson(call.res, replayed ? 200 : 202, { submissionId: submission.submissionId, status: submission.status });
  } catch (error) {
    if (error instanceof IdempotencyConflictError) throw new HttpError(409, 'IDEMPOTENCY_KEY_REUSED', error.message);
    throw error;
  }
}

function requireOrganizations(ctx: ApiContext, ids: string[] | undefined) {
  const unknown = (ids ?? []).filter((id) => !ctx.state.store.organizations.has(id));
  if (unknown.length > 0) throw new HttpError(400, 'UNKNOWN_ORGANIZATION', 'organizationIds names organizations the registry does not know.', { organizationIds: unknown });
}

function requireCodes(ctx: ApiContext, name: CodelistName, field: string, codes: (string | null | undefined)[]) {
  const list = ctx.state.store.codelists.get(name)!;
  const unknown = codes.filter((code): code is string => typeof code === 'string' && !list.get(code)?.active);
  if (unknown.length > 0) throw new HttpError(400, 'UNKNOWN_CODE', `${field} holds codes that are not active values of the ${name} code list.`, { [field]: unknown });
}

const notFound = (what: string) => new HttpError(404, 'NOT_FOUND', `No ${what} with this id at the registry.`);

/** The registry's /api/v1 contract (spec 002's required endpoints plus the bulk export and submission status). */
export async function handleApi(ctx: ApiContext, call: Call): Promise<void> {
  const { req, res, path, query } = call;
  const { state } = ctx;
  const method = req.method ?? 'GET';
  let params: Record<string, string> | null;

  if (method === 'GET' && path === '/persons') {
    const q = parseWith(personsQuery, query);
    if (q.nationalIdentifier !== undefined) {
      return sendJson(res, 200, { data: structuredClone([...state.store.persons.values()].filter((p) => p.nationalIdentifier === q.nationalIdentifier)) });
    }
    return sendJson(res, 200, list(state.store.persons.values(), q));
  }
  if (method === 'GET' && (params = matchPath('/persons/:id', path))) {
    const person = state.store.persons.get(params.id!);
    if (!person) throw notFound('person');
    return sendJson(res, 200, person);
  }
  if (method === 'POST' && path === '/persons') {
    const body = parseWith(createPersonBody, await readJson(req));
    requireOrganizations(ctx, body.person.organizationIds);
    return submit(ctx, call, { entity: 'person', kind: 'create', targetId: null, changes: body.person, ...(body.evidence ? { evidence: body.evidence } : {}) }, body.idempotencyKey);
  }
  if (method === 'PATCH' && (params = matchPath('/persons/:id', path))) {
    if (!state.store.persons.has(params.id!)) throw notFound('person');
    const body = parseWith(changePersonBody, await readJson(req));
    requireOrganizations(ctx, body.changes.organizationIds);
    return submit(
      ctx,
      call,
      { entity: 'person', kind: 'update', targetId: params.id!, changes: body.changes, ...(body.basedOn ? { basedOn: body.basedOn } : {}), ...(body.evidence ? { evidence: body.evidence } : {}) },
      body.idempotencyKey,
    );
  }
  if (method === 'GET' && path === '/organizations') {
    return sendJson(res, 200, list(state.store.organizations.values(), parseWith(listQuery, query)));
  }
  if (method === 'GET' && (params = matchPath('/organizations/:id', path))) {
    const organization = state.store.organizations.get(params.id!);
    if (!organization) throw notFound('organization');
    return sendJson(res, 200, organization);
  }
  if (method === 'POST' && path === '/organizations') {
    const body = parseWith(createOrganizationBody, await readJson(req));
    requireCodes(ctx, 'region', 'region', [body.organization.region]);
    requireCodes(ctx, 'sport', 'sports', body.organization.sports ?? []);
    return submit(ctx, call, { entity: 'organization', kind: 'create', targetId: null, changes: body.organization }, body.idempotencyKey);
  }
  if (method === 'PATCH' && (params = matchPath('/organizations/:id', path))) {
    if (!state.store.organizations.has(params.id!)) throw notFound('organization');
    const body = parseWith(changeOrganizationBody, await readJson(req));
    requireCodes(ctx, 'region', 'region', [body.changes.region]);
    requireCodes(ctx, 'sport', 'sports', body.changes.sports ?? []);
    return submit(ctx, call, { entity: 'organization', kind: 'update', targetId: params.id!, changes: body.changes }, body.idempotencyKey);
  }
  if (method === 'GET' && path === '/codelists') {
    return sendJson(res, 200, { data: codelistNames.map((name) => ({ name })) });
  }
  if (method === 'GET' && (params = matchPath('/codelists/:name', path))) {
    const name = params.name as CodelistName;
    const values = state.store.codelists.get(name);
    if (!values) throw new HttpError(404, 'NOT_FOUND', `No code list ${params.name} at the registry.`, { known: codelistNames });
    const q = parseWith(codelistQuery, query);
    const since = q.changedSince === undefined ? undefined : Date.parse(q.changedSince);
    const selected = [...values.values()].filter((value) => since === undefined || Date.parse(value.updatedAt) >= since).sort((a, b) => (a.code < b.code ? -1 : 1));
    return sendJson(res, 200, { name, values: structuredClone(selected) });
  }
  if (method === 'GET' && (params = matchPath('/submissions/:id', path))) {
    const submission = state.proposals.get(params.id!);
    if (!submission) throw notFound('submission');
    const { submissionId, entity, kind, targetId, status, reason, createdAt, decidedAt } = submission;
    return sendJson(res, 200, { submissionId, entity, kind, targetId, status, reason, createdAt, decidedAt });
  }
  if (method === 'GET' && path === '/exports/persons') {
    const page = ctx.exports.page(parseWith(exportQuery, query));
    const next = page.page < page.totalPages ? `${ctx.baseUrl()}/api/v1/exports/persons?snapshot=${page.snapshotId}&page=${page.page + 1}&pageSize=${page.pageSize}` : null;
    res.writeHead(200, {
      'content-type': 'application/x-ndjson; charset=utf-8',
      'content-encoding': 'gzip',
      'content-length': page.gzippedNdjson.length,
      'x-snapshot-id': page.snapshotId,
      'x-total-count': String(page.total),
      'x-page': String(page.page),
      'x-page-size': String(page.pageSize),
      'x-total-pages': String(page.totalPages),
      ...(next ? { link: `<${next}>; rel="next"` } : {}),
    });
    return void res.end(page.gzippedNdjson);
  }
  throw new HttpError(404, 'NOT_FOUND', `No route ${method} /api/v1${path}.`);
}
