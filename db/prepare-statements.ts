import type { Sql } from 'postgres';

/** Distinct statement texts a process prepares; later ones run unnamed, as drizzle would send them. */
export const PREPARED_STATEMENT_LIMIT = 1_000;

type UnsafeOptions = { prepare?: boolean } & Record<string, unknown>;

/**
 * drizzle's postgres.js driver runs every query it did not build with `.prepare(name)` as an unnamed statement
 * (`{ prepare: false }`), whatever the client's own `prepare` setting says. postgres.js then sends each
 * parameterised query in two round trips (parse and describe, then bind and execute) and PostgreSQL parses and
 * plans it every time. This client prepares them instead: a statement's first run on a connection is parsed
 * and described once, every later run is one round trip (bind and execute), and queries sent one after another
 * in a transaction travel together.
 *
 * Prepared statements live per connection, in postgres.js and in the server, and are never evicted; so only the
 * first PREPARED_STATEMENT_LIMIT distinct texts of the process are prepared (the app's statements, with their
 * filter combinations, stay well below that), and any text past the limit runs unnamed as before. Values are
 * always parameters, so the texts do not grow with the data.
 */
export function preparingClient<T extends Sql>(client: T, limit = PREPARED_STATEMENT_LIMIT): T {
  const prepared = new Set<string>();
  const shouldPrepare = (text: string) => {
    if (prepared.has(text)) return true;
    if (prepared.size >= limit) return false;
    prepared.add(text);
    return true;
  };
  const wrap = <S extends Sql>(sql: S): S =>
    new Proxy(sql, {
      get(target, property, receiver) {
        if (property === 'unsafe') {
          return (text: string, parameters?: unknown[], options?: UnsafeOptions) =>
            target.unsafe(text, parameters as never, { ...options, prepare: shouldPrepare(text) });
        }
        // A transaction's and a savepoint's client (drizzle's tx) prepare the same way.
        if (property === 'begin' || property === 'savepoint') {
          const original = Reflect.get(target, property, receiver) as (...args: unknown[]) => unknown;
          return (...args: unknown[]) => {
            const fn = args.at(-1) as (sql: Sql) => unknown;
            return original.apply(target, [...args.slice(0, -1), (inner: Sql) => fn(wrap(inner))]);
          };
        }
        return Reflect.get(target, property, receiver);
      },
    });
  return wrap(client);
}
