import { randomUUID } from 'node:crypto';
import { decryptField } from '@/lib/platform/crypto/decrypt-field';
import { withTenant } from '@/lib/platform/tenancy/with-tenant';
import { type ApiResponse, call } from '../../../../support/api';
import { ownerDb, type TestTenant } from '../../../../support/factories';
import { jobDb } from '../../../../support/job-db';
import { serverEncryption } from '../../../privacy/data-export/data-export-helpers';
import { day } from '../../../lending/loans/loan-helpers';

export const newKey = (): string => `test-${randomUUID()}`;

export function post(tenant: TestTenant, token: string, path: string, key: string | null, json?: unknown): Promise<ApiResponse> {
  return call('POST', path, { tenant: tenant.slug, token, json, headers: key === null ? {} : { 'idempotency-key': key } });
}

export function requestLoanWithKey(tenant: TestTenant, token: string, key: string | null, input: { assetId: string; purpose?: string; startDate?: string; endDate?: string; allowDuplicate?: boolean }): Promise<ApiResponse> {
  return post(tenant, token, '/api/v1/loans', key, { startDate: day(1), endDate: day(3), purpose: 'Client visit', ...input });
}

export async function loansOf(assetId: string): Promise<number> {
  const [row] = await ownerDb()`select count(*)::int as n from loans where asset_id = ${assetId}`;
  return row!.n as number;
}

export type StoredKeyRow = {
  request_method: string;
  request_path: string;
  request_fingerprint: string;
  status: string;
  response_status: number | null;
  response_headers: Record<string, string> | null;
  response_body: Buffer | null;
  created_at: Date;
  expires_at: Date;
};

export async function storedKey(organisationId: string, userId: string, key: string): Promise<StoredKeyRow | undefined> {
  const [row] = await ownerDb()`select request_method, request_path, request_fingerprint, status, response_status, response_headers, response_body, created_at, expires_at
    from idempotency_keys where organisation_id = ${organisationId} and user_id = ${userId} and key = ${key}`;
  return row as StoredKeyRow | undefined;
}

export async function keysOf(organisationId: string): Promise<number> {
  const [row] = await ownerDb()`select count(*)::int as n from idempotency_keys where organisation_id = ${organisationId}`;
  return row!.n as number;
}

/** The stored answer's body, opened with the server's own master key. */
export async function openStoredBody(organisationId: string, sealed: Buffer): Promise<string> {
  const base64 = await withTenant(jobDb(), organisationId, (tx) => decryptField(tx, { organisationId }, 'idempotencyKey.response', sealed, serverEncryption()));
  return Buffer.from(base64, 'base64').toString('utf8');
}

/** Moves a key's 24 hours into the past, as if it had been used the day before yesterday. */
export async function ageKey(organisationId: string, userId: string, key: string): Promise<void> {
  await ownerDb()`update idempotency_keys set created_at = now() - interval '49 hours', expires_at = now() - interval '25 hours'
    where organisation_id = ${organisationId} and user_id = ${userId} and key = ${key}`;
}
