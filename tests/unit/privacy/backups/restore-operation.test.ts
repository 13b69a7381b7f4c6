import { describe, expect, it } from 'vitest';
import { getOpenApiDocument } from '@/lib/transport/openapi/build-openapi-document';

type Operation = { operationId: string; requestBody: { required: boolean; content: Record<string, { schema: unknown }> }; responses: Record<string, unknown> };

describe('the restore in the OpenAPI document', () => {
  it('takes the backup file itself as the body, and names its refusals', () => {
    const document = getOpenApiDocument() as unknown as { paths: Record<string, { post?: Operation }> };
    const restore = document.paths['/v1/restores']!.post!;
    expect(restore.operationId).toBe('restoreBackup');
    expect(restore.requestBody.required).toBe(true);
    expect(Object.keys(restore.requestBody.content).sort()).toEqual(['application/gzip', 'application/octet-stream']);
    expect(restore.requestBody.content['application/gzip']!.schema).toEqual({ type: 'string', format: 'binary' });
    expect(Object.keys(restore.responses)).toEqual(expect.arrayContaining(['200', '403', '409', '413', '415', '422']));
  });
});
