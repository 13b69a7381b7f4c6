/**
 * PostgreSQL connection addresses, including libpq's multi-host form
 * (postgres://user@a:5432,b:5432/db?target_session_attrs=read-write) that WHATWG `new URL` rejects.
 */
export type DatabaseHost = { host: string; port: number };
export type DatabaseUrl = { user: string; hosts: DatabaseHost[]; database: string; params: URLSearchParams };

export class InvalidDatabaseUrlError extends Error {}

const DEFAULT_PORT = 5432;

function parseHost(text: string): DatabaseHost {
  const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match) throw new InvalidDatabaseUrlError('A database address names a host that cannot be read.');
  const port = match[2] ? Number(match[2]) : DEFAULT_PORT;
  if (port < 1 || port > 65_535) throw new InvalidDatabaseUrlError('A database address names a port out of range.');
  return { host: decodeURIComponent(match[1]!).toLowerCase(), port };
}

export function parseDatabaseUrl(url: string): DatabaseUrl {
  const scheme = /^(postgres|postgresql):\/\//i.exec(url);
  if (!scheme) throw new InvalidDatabaseUrlError('A database address must start with postgres:// or postgresql://.');
  const rest = url.slice(scheme[0].length);
  const authorityEnd = rest.search(/[/?#]/);
  const authority = authorityEnd === -1 ? rest : rest.slice(0, authorityEnd);
  const at = authority.lastIndexOf('@');
  const userInfo = at === -1 ? '' : authority.slice(0, at);
  const hostList = authority.slice(at + 1);
  const hosts = (hostList ? hostList.split(',') : ['localhost']).map(parseHost);
  // The rest of the address (user, path, parameters) is ordinary URL syntax once a single host stands in.
  let single: URL;
  try {
    single = new URL(`postgres://${userInfo ? `${userInfo}@` : ''}placeholder${authorityEnd === -1 ? '' : rest.slice(authorityEnd)}`);
  } catch {
    throw new InvalidDatabaseUrlError('A database address cannot be read.');
  }
  const user = decodeURIComponent(single.username);
  const database = decodeURIComponent(single.pathname.replace(/^\//, '')) || user;
  return { user, hosts, database, params: single.searchParams };
}

export function isDatabaseUrl(url: string): boolean {
  try {
    parseDatabaseUrl(url);
    return true;
  } catch {
    return false;
  }
}

/** Two addresses reach the same database when they share a host and port and name the same database. */
export function isSameDatabase(a: string, b: string): boolean {
  const left = parseDatabaseUrl(a);
  const right = parseDatabaseUrl(b);
  if (left.database !== right.database) return false;
  return left.hosts.some((l) => right.hosts.some((r) => l.host === r.host && l.port === r.port));
}

/**
 * postgres.js options that make the driver honour target_session_attrs as libpq does. postgres.js (3.4) decides
 * read-write from default_transaction_read_only alone, which a hot standby reports as off, so it would settle on
 * a standby; libpq also requires that the server is not in hot standby, which is postgres.js's `primary`.
 */
export function driverSessionOptions(url: string): { target_session_attrs?: 'primary' } {
  if (parseDatabaseUrl(url).params.get('target_session_attrs') === 'read-write') return { target_session_attrs: 'primary' };
  return {};
}

/**
 * How the app's pool reconnects after losing its database (a failover kills every connection at once). postgres.js
 * waits before each new connection for a delay that grows with the failures counted across the whole pool, up
 * to 20 s, and gives a connection 30 s to open: after a failover, requests hung 20–30 s behind a primary that was
 * already back (docs/operations/drills.md, drill b). Here a connection gets 5 s to open and the wait grows from
 * about 0.1 s to at most 1 s. An address that sets `connect_timeout` or `backoff` itself keeps its own.
 */
export function reconnectOptions(url: string): { connect_timeout?: number; backoff?: (retries: number) => number } {
  const params = parseDatabaseUrl(url).params;
  return {
    ...(params.has('connect_timeout') ? {} : { connect_timeout: 5 }),
    ...(params.has('backoff') ? {} : { backoff: (retries: number) => (0.5 + Math.random() / 2) * Math.min(0.1 * 2 ** retries, 1) }),
  };
}
