import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { createBackups } from '@/lib/privacy/jobs/create-backups';
import { jobDb } from '../../../support/job-db';

export type BinaryResponse = { status: number; headers: Record<string, string | string[] | undefined>; bytes: Buffer };

/** GET with the tenant's Host header, keeping the body as bytes (the shared helper decodes text). */
export function getBinary(path: string, tenant: string, token: string): Promise<BinaryResponse> {
  const base = new URL(inject('baseUrl'));
  return new Promise((resolve, reject) => {
    const req = request({ hostname: '127.0.0.1', port: base.port, method: 'GET', path, headers: { host: `${tenant}.localhost:${base.port}`, authorization: `Bearer ${token}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

export type BackupDocument = {
  manifest: { formatVersion: number; organisation: { id: string; slug: string; name: string }; createdAt: string; rowCounts: Record<string, number> };
  tables: Record<string, Record<string, unknown>[]>;
};

export function parseBackup(bytes: Buffer): BackupDocument {
  return JSON.parse(gunzipSync(bytes).toString('utf8')) as BackupDocument;
}

// The shared test server runs no job engine (job tests drive the jobs with their own clock), so the test
// plays the engine: the same job function Inngest and the in-process driver run.
export function runBackupJob(runId: string) {
  return createBackups({ db: jobDb(), now: () => new Date(), runId });
}
