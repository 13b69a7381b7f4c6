import { describe, expect, it } from 'vitest';
import { json } from '@/lib/transport/http/responses';

describe('json', () => {
  it('serialises a body without bigints as is', async () => {
    const response = json({ data: [{ id: 'a', n: 1, at: new Date('2026-01-02T03:04:05.000Z') }] });
    expect(await response.text()).toBe('{"data":[{"id":"a","n":1,"at":"2026-01-02T03:04:05.000Z"}]}');
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
  });

  it('writes bigints, however deep, as strings', async () => {
    const response = json({ total: 9007199254740993n, rows: [{ size: 12n, name: 'x' }] });
    expect(await response.text()).toBe('{"total":"9007199254740993","rows":[{"size":"12","name":"x"}]}');
  });

  it('still refuses a circular body', () => {
    const body: Record<string, unknown> = {};
    body.self = body;
    expect(() => json(body)).toThrow(TypeError);
  });
});
