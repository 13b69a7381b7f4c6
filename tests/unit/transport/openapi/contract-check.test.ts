import { describe, expect, it } from 'vitest';
import { judgeExchange, type Exchange } from '@/tests/support/contract-check/judge-exchange';
import { createOperationMatcher } from '@/tests/support/contract-check/match-operation';
import { toPrismDocument } from '@/tests/support/contract-check/write-prism-document';
import { buildOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

const requestViolation = { location: ['request', 'body'], severity: 'Error', message: 'Request body must NOT have additional properties' };
const responseViolation = { location: ['response', 'body'], severity: 'Error', message: "Response body must have required property 'id'" };
const exchange = (url: string, status: number, violations = [requestViolation, responseViolation]): Exchange => ({ method: 'POST', url, operation: null, status, violations });
const blamed = (judged: ReturnType<typeof judgeExchange>) => judged.filter((violation) => violation.documentResponsible).map((violation) => violation.location[0]);

describe('contract check (tests/support/contract-check)', () => {
  it('blames the document for every answer it does not describe, and for requests only when the server accepted them', () => {
    expect(blamed(judgeExchange(exchange('/api/v1/loans', 201)))).toEqual(['request', 'response']);
    expect(blamed(judgeExchange(exchange('/api/v1/loans?x=1', 400)))).toEqual(['response']);
    expect(blamed(judgeExchange(exchange('/.well-known/oauth-protected-resource', 200)))).toEqual(['request', 'response']);
  });

  it('leaves pages and the frameworks’ own endpoints, which the document does not publish, alone', () => {
    for (const url of ['/dashboard', '/docs', '/api/auth/session', '/api/inngest']) expect(blamed(judgeExchange(exchange(url, 200)))).toEqual([]);
  });

  it('gives Prism every path under the server base, and the origin-root metadata at the root', () => {
    const document = toPrismDocument(buildOpenApiDocument());
    const paths = Object.keys(document.paths ?? {});
    expect(paths).toContain('/api/v1/loans/{id}/approve');
    expect(paths).toContain('/api/openapi.json');
    expect(paths).toContain('/.well-known/oauth-protected-resource');
    expect(paths.filter((path) => !path.startsWith('/api/') && !path.startsWith('/.well-known/'))).toEqual([]);
    const match = createOperationMatcher(document);
    expect(match('POST', '/api/v1/loans/0b8d/approve')).toBe('approveLoan');
    expect(match('GET', '/api/v1/data-export/schema.json')).toBe('getDataExportSchema');
    expect(match('PUT', '/api/v1/loans')).toBe('PUT /api/v1/loans');
    expect(match('GET', '/api/nothing')).toBeNull();
  });
});
