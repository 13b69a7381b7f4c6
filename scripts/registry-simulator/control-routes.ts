import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { organizationChanges, personChanges } from './api-schemas';
import type { RegistryControl } from './control';
import { HttpError, matchPath, parseWith, readJson, sendJson } from './http-io';
import { RecordNotFoundError } from './registry-state';
import { codelistNames } from './types';

const decision = z.enum(['accept', 'reject', 'hold']);
const settingsBody = z.strictObject({
  outage: z.boolean().optional(),
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  failureRate: z.number().min(0).max(1).optional(),
  webhookDropRate: z.number().min(0).max(1).optional(),
  rateLimitPerSecond: z.number().int().min(1).nullable().optional(),
  decisions: z
    .strictObject({
      default: decision.optional(),
      rules: z.array(z.strictObject({ entity: z.enum(['person', 'organization']).optional(), kind: z.enum(['create', 'update']).optional(), field: z.string().optional(), decision, reason: z.string().optional() })).optional(),
      delayMs: z.number().int().min(0).max(600_000).optional(),
    })
    .optional(),
});
const personChangesBody = z.strictObject({ changes: personChanges });
const organizationChangesBody = z.strictObject({ changes: organizationChanges });
const codelistValue = z.strictObject({ label: z.string().min(1).optional(), active: z.boolean().optional() });
const decideBody = z.strictObject({ decision: z.enum(['accept', 'reject']), reason: z.string().optional() });
const webhookBody = z.strictObject({ url: z.url(), secrets: z.array(z.string().min(1)).min(1) }).nullable();

/** /__control: test and demo switches. Never part of the registry contract the platform codes against. */
export async function handleControl(control: RegistryControl, req: IncomingMessage, res: ServerResponse, path: string): Promise<void> {
  const method = req.method ?? 'GET';
  let params: Record<string, string> | null;
  try {
    if (method === 'GET' && path === '/settings') return sendJson(res, 200, control.settings());
    if (method === 'PATCH' && path === '/settings') {
      const body = parseWith(settingsBody, await readJson(req));
      if (body.outage !== undefined) control.setOutage(body.outage);
      if (body.latencyMs !== undefined) control.setLatency(body.latencyMs);
      if (body.failureRate !== undefined) control.setFailureRate(body.failureRate);
      if (body.webhookDropRate !== undefined) control.setWebhookDropRate(body.webhookDropRate);
      if (body.rateLimitPerSecond !== undefined) control.setRateLimit(body.rateLimitPerSecond);
      if (body.decisions) control.setDecisions(body.decisions);
      return sendJson(res, 200, control.settings());
    }
    if (method === 'POST' && path === '/random-changes') {
      const { count } = parseWith(z.strictObject({ count: z.number().int().min(1).max(1000) }), await readJson(req));
      return sendJson(res, 200, { changes: control.randomChanges(count) });
    }
    if (method === 'PATCH' && (params = matchPath('/persons/:id', path))) {
      const { changes } = parseWith(personChangesBody, await readJson(req));
      return sendJson(res, 200, { changedFields: control.updatePerson(params.id!, changes) });
    }
    if (method === 'PATCH' && (params = matchPath('/organizations/:id', path))) {
      const { changes } = parseWith(organizationChangesBody, await readJson(req));
      return sendJson(res, 200, { changedFields: control.updateOrganization(params.id!, changes) });
    }
    if (method === 'PUT' && (params = matchPath('/codelists/:name/values/:code', path))) {
      const name = parseWith(z.enum(codelistNames), params.name);
      const body = parseWith(codelistValue, await readJson(req));
      return sendJson(res, 200, { change: control.changeCodelist(name, { code: params.code!, ...body }) });
    }
    if (method === 'GET' && path === '/submissions') return sendJson(res, 200, { data: control.submissions() });
    if (method === 'POST' && (params = matchPath('/submissions/:id/decision', path))) {
      const body = parseWith(decideBody, await readJson(req));
      if (!control.submissions().some((s) => s.submissionId === params!.id)) throw new HttpError(404, 'NOT_FOUND', 'No such submission.');
      return sendJson(res, 200, control.decide(params.id!, body.decision, body.reason));
    }
    if (method === 'PUT' && path === '/webhook') {
      control.setWebhook(parseWith(webhookBody, await readJson(req)));
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'GET' && path === '/deliveries') return sendJson(res, 200, { data: control.deliveries() });
    if (method === 'GET' && path === '/requests') return sendJson(res, 200, { data: control.requests() });
    if (method === 'POST' && path === '/settle') {
      await control.settle();
      return sendJson(res, 200, { ok: true });
    }
    if (method === 'POST' && path === '/reset') {
      control.reset();
      return sendJson(res, 200, { ok: true });
    }
  } catch (error) {
    if (error instanceof RecordNotFoundError) throw new HttpError(404, 'NOT_FOUND', error.message);
    throw error;
  }
  throw new HttpError(404, 'NOT_FOUND', `No control route ${method} /__control${path}.`);
}
