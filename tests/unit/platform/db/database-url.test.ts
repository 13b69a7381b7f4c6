import { describe, expect, it, vi } from 'vitest';
import { driverSessionOptions, isDatabaseUrl, isSameDatabase, parseDatabaseUrl, reconnectOptions } from '@/lib/platform/db/database-url';
import type { Config } from '@/lib/platform/config';

const formation = 'postgres://qm_app@127.0.0.1:5501,127.0.0.1:5502,127.0.0.1:5503/quartermaster?target_session_attrs=read-write';

describe('parseDatabaseUrl', () => {
  it('reads every host of a multi-host address, with its user, database and parameters', () => {
    const parsed = parseDatabaseUrl(formation);
    expect(parsed.user).toBe('qm_app');
    expect(parsed.database).toBe('quartermaster');
    expect(parsed.hosts).toEqual([
      { host: '127.0.0.1', port: 5501 },
      { host: '127.0.0.1', port: 5502 },
      { host: '127.0.0.1', port: 5503 },
    ]);
    expect(parsed.params.get('target_session_attrs')).toBe('read-write');
  });

  it('reads a single host, the default port, an encoded user and password, and IPv6 hosts', () => {
    expect(parseDatabaseUrl('postgresql://app%40x:p%2Fw@Db.example:6432/quarter%20master')).toMatchObject({
      user: 'app@x',
      hosts: [{ host: 'db.example', port: 6432 }],
      database: 'quarter master',
    });
    expect(parseDatabaseUrl('postgres://u@[::1]:5433,db/x').hosts).toEqual([
      { host: '[::1]', port: 5433 },
      { host: 'db', port: 5432 },
    ]);
    expect(parseDatabaseUrl('postgres://owner@localhost').database).toBe('owner');
  });

  it('refuses what is not a PostgreSQL address', () => {
    for (const bad of ['https://example.com/db', 'not a url', 'postgres://u@h:99999/db', 'postgres://u@h:x/db', 'postgres://u@a:1,,b/db']) {
      expect(isDatabaseUrl(bad), bad).toBe(false);
      expect(() => parseDatabaseUrl(bad)).toThrow(/database address/);
    }
    expect(isDatabaseUrl(formation)).toBe(true);
  });
});

describe('isSameDatabase', () => {
  it('matches a multi-host address against any one of its hosts naming the same database', () => {
    expect(isSameDatabase(formation, 'postgres://postgres@127.0.0.1:5502/quartermaster')).toBe(true);
    expect(isSameDatabase(formation, 'postgres://qm_ledger@127.0.0.1:5510/quartermaster')).toBe(false);
    expect(isSameDatabase(formation, 'postgres://qm_ledger@127.0.0.1:5501/quartermaster_ledger')).toBe(false);
  });
});

describe('driverSessionOptions', () => {
  it('asks postgres.js for a server out of hot standby when the address wants read-write', () => {
    expect(driverSessionOptions(formation)).toEqual({ target_session_attrs: 'primary' });
    expect(driverSessionOptions('postgres://u@h/db')).toEqual({});
    expect(driverSessionOptions('postgres://u@a,b/db?target_session_attrs=any')).toEqual({});
  });
});

describe('reconnectOptions', () => {
  it('opens a connection within 5 s and waits at most about a second between attempts after a failover', () => {
    const options = reconnectOptions(formation);
    expect(options.connect_timeout).toBe(5);
    for (const retries of [0, 1, 5, 50]) {
      const delay = options.backoff!(retries);
      expect(delay).toBeGreaterThan(0);
      expect(delay).toBeLessThanOrEqual(1);
    }
  });

  it('leaves settings the address makes itself to the driver', () => {
    expect(reconnectOptions(`${formation}&connect_timeout=10&backoff=2`)).toEqual({});
  });
});

describe('configuration', () => {
  it('accepts a multi-host DATABASE_URL and refuses one that is not a database address', async () => {
    vi.stubEnv('DATABASE_URL', formation);
    vi.resetModules();
    expect((await import('@/lib/platform/config')).getConfig().DATABASE_URL).toBe(formation);
    vi.stubEnv('DATABASE_URL', 'https://example.com/quartermaster');
    vi.resetModules();
    await expect(import('@/lib/platform/config').then((m) => m.getConfig())).rejects.toThrow(/DATABASE_URL: must be a postgres:\/\/ address/);
    vi.unstubAllEnvs();
  });
});

describe('the ledger database check', () => {
  it('refuses a ledger address naming one host of the multi-host tenant database, and accepts the ledger cluster', async () => {
    const { assertLedgerConfigured } = await import('@/lib/privacy/erasure/deletion-ledger');
    const config = (ledger: string) => ({ DATABASE_URL: formation, DATABASE_OWNER_URL: formation, LEDGER_DATABASE_URL: ledger }) as unknown as Config;
    expect(() => assertLedgerConfigured(config('postgres://qm_ledger@127.0.0.1:5503/quartermaster'))).toThrow(/names the tenant database/);
    expect(() => assertLedgerConfigured(config('postgres://qm_ledger@127.0.0.1:5510/quartermaster_ledger'))).not.toThrow();
  });
});
