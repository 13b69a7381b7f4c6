import { defineConfig } from 'drizzle-kit';

// Only `drizzle-kit generate` uses this file; migrations are applied from code at start-up (db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/schema/index.ts',
  out: './db/migrations',
  strict: true,
});
