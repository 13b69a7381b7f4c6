import { randomBytes } from 'node:crypto';

// Connection settings of the test services; CI and developers can point them elsewhere.
// One database per run and project (each project's global setup loads this module anew), so parallel runs on one
// machine never drop each other's database.
export const testDatabase = {
  adminUrl: process.env.TEST_DATABASE_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  name: `quartermaster_test_${process.pid}_${Date.now().toString(36)}${randomBytes(2).toString('hex')}`,
  appRole: 'qm_app_test',
};

export function databaseUrl(baseUrl: string, database: string, user?: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${database}`;
  if (user) {
    url.username = user;
    url.password = '';
  }
  return url.toString();
}

export const testRedisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const testAudience = 'https://api.quartermaster.test';
