import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export type E2eState = {
  appPort: number;
  issuer: string;
  ownerDatabaseUrl: string;
  appDatabaseUrl: string;
  mailSinkUrl: string;
  mailSinkApiKey: string;
  /** The app server's environment, so a spec can start a second server on the same database (support/registry-app.ts). */
  serverEnv: Record<string, string>;
};

export const e2eStateFile = join(process.cwd(), 'tests/e2e/.state.json');

let cached: E2eState | undefined;

/** Addresses of the servers the global setup started for this run. */
export function e2eState(): E2eState {
  cached ??= JSON.parse(readFileSync(e2eStateFile, 'utf8')) as E2eState;
  return cached;
}

/** A tenant's own address: Chromium resolves every *.localhost name to the loopback interface. */
export function tenantUrl(slug: string, path = '/', port = e2eState().appPort): string {
  return `http://${slug}.localhost:${port}${path}`;
}
