import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { inject } from 'vitest';
import { createBackups } from '@/lib/privacy/jobs/create-backups';
import { readBackupFile } from '@/lib/privacy/backups/read-backup-file';
import type { BackupManifest } from '@/lib/privacy/backups/schemas';
import { jobDb } from '../../../support/job-db';
import { testEncryption } from './restore-helpers';

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

export type BackupDocument = { manifest: BackupManifest; tables: Record<string, Record<string, unknown>[]> };

/** The file's rows, opened with the test deployment's master key as a restore opens them. */
export async function parseBackup(bytes: Buffer): Promise<BackupDocument> {
  const opened = await readBackupFile(bytes, testEncryption().keyRing);
  return { manifest: opened.manifest, tables: Object.fromEntries(opened.tables) };
}

/** The file as anyone who downloads it can read it: the manifest, and sealed parts. */
export function readableText(bytes: Buffer): string {
  return gunzipSync(bytes).toString('utf8');
}

// The shared test server runs no job engine (job tests drive the jobs with their own clock), so the test
// plays the engine: the same job function Inngest and the in-process driver run.
export function runBackupJob(runId: string) {
  return createBackups({ db: jobDb(), now: () => new Date(), runId, encryption: testEncryption() });
}

/** POST with the tenant's Host header and raw bytes as the body (a backup file to restore). */
export function postFile(path: string, tenant: string, token: string, bytes: Buffer, contentType = 'application/gzip'): Promise<BinaryResponse & { json: any }> {
  const base = new URL(inject('baseUrl'));
  const target = new URL(inject('apiUrl'));
  return new Promise((resolve, reject) => {
    const headers = { host: `${tenant}.localhost:${base.port}`, authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': String(bytes.length) };
    const req = request({ hostname: '127.0.0.1', port: target.port, method: 'POST', path, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const body = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: body, json: (res.headers['content-type'] ?? '').includes('json') ? JSON.parse(body.toString('utf8')) : null });
      });
    });
    req.on('error', reject);
    req.end(bytes);
  });
}
