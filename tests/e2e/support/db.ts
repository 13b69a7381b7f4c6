import postgres from 'postgres';
import { e2eState } from './e2e-state';

let client: postgres.Sql | undefined;

/** The test database as its owner, to arrange data and to check what a screen did to the stored state. */
export function ownerSql(): postgres.Sql {
  client ??= postgres(e2eState().ownerDatabaseUrl, { max: 2, onnotice: () => {} });
  return client;
}
