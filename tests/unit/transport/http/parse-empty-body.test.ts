import { describe, expect, it } from 'vitest';
import { DomainError, ValidationError } from '@/lib/platform/core/errors';
import { parseEmptyBody } from '@/lib/transport/http/parse-request';

const post = (body: string | undefined, contentType = 'application/json') =>
  new Request('http://acme.localhost/api/v1/loans/x/approve', { method: 'POST', body, headers: body === undefined ? {} : { 'content-type': contentType } });

describe('parseEmptyBody (a POST that takes no input)', () => {
  it('accepts no body, and an empty JSON object', async () => {
    await expect(parseEmptyBody(post(undefined))).resolves.toBeUndefined();
    await expect(parseEmptyBody(post('{}'))).resolves.toBeUndefined();
    await expect(parseEmptyBody(post(' { } ', 'application/json; charset=utf-8'))).resolves.toBeUndefined();
  });

  it('refuses a field instead of ignoring it', async () => {
    const error = await parseEmptyBody(post('{"reason":"why"}')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).details).toMatchObject({ location: 'body', issues: [{ code: 'unrecognized_keys' }] });
  });

  it('refuses other JSON values, malformed JSON and other media types', async () => {
    await expect(parseEmptyBody(post('[]'))).rejects.toBeInstanceOf(ValidationError);
    await expect(parseEmptyBody(post('null'))).rejects.toBeInstanceOf(ValidationError);
    await expect(parseEmptyBody(post('{'))).rejects.toBeInstanceOf(ValidationError);
    const error = await parseEmptyBody(post('go', 'text/plain')).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DomainError);
    expect((error as DomainError).kind).toBe('unsupported_media_type');
  });
});
