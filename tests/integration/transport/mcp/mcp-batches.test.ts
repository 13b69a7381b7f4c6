import { beforeAll, describe, expect, it } from 'vitest';
import { call, expectEnvelope } from '../../../support/api';
import { createTenant, insertAssets, ownerDb, type TestTenant } from '../../../support/factories';
import { day } from '../../lending/loans/loan-helpers';

// A 2025-era client after the handshake: stateless serving needs no session, only the negotiated revision.
const mcpHeaders = { accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

const createLoan = (id: number, assetId: string) => ({
  jsonrpc: '2.0',
  id,
  method: 'tools/call',
  params: { name: 'svc_create_loan', arguments: { assetId, startDate: day(1), endDate: day(3), purpose: `Batch ${id}` } },
});

let tenant: TestTenant;
let token: string;

beforeAll(async () => {
  tenant = await createTenant({ planTier: 'FREE' });
  token = await tenant.employee.token();
});

const post = (json: unknown) => call('POST', '/api/mcp', { tenant: tenant.slug, token, json, headers: mcpHeaders });
const loansOn = async (assetIds: string[]) => (await ownerDb()`select count(*)::int as n from loans where asset_id = any(${assetIds}::uuid[])`)[0]!.n as number;
const remaining = (response: { headers: Record<string, unknown> }) => Number(response.headers['x-ratelimit-remaining']);

describe('POST /api/mcp carries one JSON-RPC message (issue 23, item 15)', () => {
  it('refuses a batch of five tool calls with 400 in the error envelope, running none of them, for one unit of the limit', async () => {
    const assetIds = await insertAssets(tenant, [{}, {}, {}, {}, {}]);
    const before = await post(createLoan(0, assetIds[0]!));
    expect(before.status, before.text).toBe(200);
    expect(before.text).toContain('"result"');
    expect(await loansOn(assetIds)).toBe(1);

    const batch = await post(assetIds.map((assetId, index) => createLoan(index + 1, assetId)));
    expectEnvelope(batch, 400, 'VALIDATION_ERROR');
    expect(batch.body.error.details).toMatchObject({ location: 'body', reason: 'batch' });
    expect(batch.body.error.message).toMatch(/one JSON-RPC message per POST/);
    expect(await loansOn(assetIds)).toBe(1);
    expect(remaining(batch)).toBe(remaining(before) - 1);
    expect(batch.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('refuses an array of one message too: the body is a message, never a list', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    expectEnvelope(await post([createLoan(7, assetId!)]), 400, 'VALIDATION_ERROR');
    expect(await loansOn([assetId!])).toBe(0);
  });

  it('without a token a batch is still 401: admission comes first', async () => {
    const [assetId] = await insertAssets(tenant, [{}]);
    const response = await call('POST', '/api/mcp', { tenant: tenant.slug, json: [createLoan(8, assetId!)], headers: mcpHeaders });
    expectEnvelope(response, 401, 'UNAUTHENTICATED');
    expect(await loansOn([assetId!])).toBe(0);
  });
});
