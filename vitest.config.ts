import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));

// Integration tests talk to a real PostgreSQL (and Redis); the long hook timeout covers their global setups.
const integration = { environment: 'node', testTimeout: 30_000, hookTimeout: 120_000 } as const;
// A `*.db.test.ts` file needs the database only (no HTTP, no server, no identity provider): integration-db.
const databaseOnly = '**/*.db.test.ts';

export default defineConfig({
  resolve: { alias: { '@': root } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' },
      },
      // A migrated, seeded PostgreSQL and nothing else: runs without `next build` (npm run test:db).
      {
        extends: true,
        test: {
          name: 'integration-db',
          include: [`tests/integration/${databaseOnly}`],
          globalSetup: ['tests/support/db-global-setup.ts'],
          ...integration,
        },
      },
      // Through HTTP to the production build (`next start`), with an identity provider and a registry simulator.
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          exclude: ['tests/integration/registry/**', databaseOnly],
          globalSetup: ['tests/support/global-setup.ts'],
          ...integration,
        },
      },
      // The registry's sync jobs are platform-wide (one webhook table, every tenant swept), and each of these files
      // drives them against a simulator of its own: run one file at a time, after the other integration files.
      {
        extends: true,
        test: {
          name: 'integration-registry',
          include: ['tests/integration/registry/**/*.test.ts'],
          exclude: [databaseOnly],
          globalSetup: ['tests/support/global-setup.ts'],
          ...integration,
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
