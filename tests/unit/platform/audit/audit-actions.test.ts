import { describe, expect, it } from 'vitest';
import { auditActions } from '@/lib/platform/audit/actions';
import { AuditLogQuery } from '@/lib/platform/audit/schemas';
import { buildOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

type Parameter = { name: string; in: string; schema: { type?: string; enum?: string[] } };

describe('the audit-log action filter', () => {
  it('accepts every declared action, the lower-case anonymize_person of spec 001 included, and nothing else', () => {
    for (const action of auditActions) expect(AuditLogQuery.safeParse({ action, limit: 25 }).success, action).toBe(true);
    expect(auditActions).toContain('anonymize_person');
    for (const action of ['ANONYMIZE_PERSON', 'asset_updated', 'NOT_AN_ACTION', '']) expect(AuditLogQuery.safeParse({ action, limit: 25 }).success, action).toBe(false);
  });

  it('is published in the OpenAPI document as an enum of exactly the declared actions', () => {
    const document = JSON.parse(JSON.stringify(buildOpenApiDocument())) as { paths: Record<string, { get: { parameters: Parameter[] } }> };
    const action = document.paths['/v1/audit-log']!.get.parameters.find((parameter) => parameter.name === 'action')!;
    expect(action.in).toBe('query');
    expect(action.schema.enum).toEqual([...auditActions]);
  });
});
