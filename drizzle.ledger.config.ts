import { defineConfig } from 'drizzle-kit';

// The deletion ledger's own database (db/ledger). `npx drizzle-kit generate --config drizzle.ledger.config.ts`;
// applied from code when the ledger is opened (db/ledger/connect-ledger.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './db/ledger/schema.ts',
  out: './db/ledger/migrations',
  strict: true,
});
