import { describe, expect, it } from 'vitest';
import { resource, resourceMethods } from '@/lib/transport/http/resource';

// A stub bucket: the refusal's charge is what a route file passes, as the registry webhook does.
const charge = async () => ({ 'RateLimit-Limit': '60' });
const handler = async () => new Response('ok');

describe('resource()', () => {
  it('keeps the implemented handlers and answers every other method', () => {
    const handlers = resource({ GET: handler, PATCH: handler }, { charge });
    expect(Object.keys(handlers).sort()).toEqual([...resourceMethods].sort());
    expect(handlers.GET).toBe(handler);
    expect(handlers.PATCH).toBe(handler);
  });

  it.each(['POST', 'PUT'] as const)('%s answers 405 METHOD_NOT_ALLOWED with Allow in the order GET, POST, PUT, PATCH, DELETE', async (method) => {
    const handlers = resource({ DELETE: handler, PATCH: handler, GET: handler }, { charge });
    const response = await handlers[method](new Request('https://acme.example/api/v1/things', { method }));
    const allowed = ['GET', 'PATCH', 'DELETE'];
    expect(response.status).toBe(405);
    expect(response.headers.get('Allow')).toBe(allowed.join(', '));
    expect(response.headers.get('RateLimit-Limit')).toBe('60');
    const body = (await response.json()) as { error: { code: string; details: unknown } };
    expect(body.error).toMatchObject({ code: 'METHOD_NOT_ALLOWED', details: { allowed } });
  });
});
