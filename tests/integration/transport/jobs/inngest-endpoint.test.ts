import { describe, expect, inject, it } from 'vitest';

describe('/api/inngest without Inngest configured', () => {
  it.each(['GET', 'PUT', 'POST'])('%s answers 404 in the error envelope', async (method) => {
    const response = await fetch(`${inject('baseUrl')}/api/inngest`, { method });

    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ error: { code: 'ENDPOINT_NOT_FOUND', details: { path: '/api/inngest' } } });
  });
});
