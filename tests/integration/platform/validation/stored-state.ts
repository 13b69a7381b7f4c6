import { expect } from 'vitest';
import type { ApiResponse } from '../../../support/api';
import { ownerDb } from '../../../support/factories';

/** Everything a write endpoint could touch in one tenant, as the owner sees it (RLS does not apply). */
export async function storedState(organisationId: string): Promise<unknown> {
  const [row] = await ownerDb()`select
    (select coalesce(jsonb_agg(to_jsonb(a) order by a.id), '[]') from assets a where a.organisation_id = ${organisationId}) as assets,
    (select coalesce(jsonb_agg(to_jsonb(c) order by c.id), '[]') from categories c where c.organisation_id = ${organisationId}) as categories,
    (select coalesce(jsonb_agg(to_jsonb(l) order by l.id), '[]') from locations l where l.organisation_id = ${organisationId}) as locations,
    (select coalesce(jsonb_agg(to_jsonb(u) order by u.id), '[]') from users u where u.organisation_id = ${organisationId}) as users,
    (select count(*)::int from persons p where p.organisation_id = ${organisationId}) as persons,
    (select count(*)::int from audit_log l where l.organisation_id = ${organisationId}) as audit_entries`;
  return row;
}

/** Runs a request that must be refused, and shows that the tenant's stored state did not change at all. */
export async function expectNothingStored(organisationId: string, send: () => Promise<ApiResponse>): Promise<ApiResponse> {
  const before = await storedState(organisationId);
  const response = await send();
  expect(response.status, response.text.slice(0, 300)).toBeGreaterThanOrEqual(400);
  expect(await storedState(organisationId)).toEqual(before);
  return response;
}

type Issue = { path: string; code: string; message: string };

/** 400 VALIDATION_ERROR whose details name where the problem is and list issues with paths. */
export function expectValidationIssues(response: ApiResponse, location: 'body' | 'query' | 'path', paths: string[]): Issue[] {
  expect(response.status, response.text.slice(0, 500)).toBe(400);
  expect(response.headers['content-type']).toMatch(/^application\/json/);
  expect(Object.keys(response.body)).toEqual(['error']);
  const { code, message, details } = response.body.error;
  expect(code).toBe('VALIDATION_ERROR');
  expect(typeof message).toBe('string');
  expect(details.location).toBe(location);
  const issues = details.issues as Issue[];
  expect(Array.isArray(issues) && issues.length > 0, JSON.stringify(details)).toBe(true);
  for (const issue of issues) {
    expect(issue).toEqual({ path: expect.any(String), code: expect.any(String), message: expect.any(String) });
  }
  expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(paths));
  return issues;
}
