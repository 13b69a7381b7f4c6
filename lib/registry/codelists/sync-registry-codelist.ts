import { asc, eq, sql } from 'drizzle-orm';
import { type Executor, rowsOf } from '@/db/client';
import { codelists } from '@/db/schema';
import type { RegistryAdapter } from '@/lib/registry/adapter/registry-adapter';

export type CodelistCadence = 'weekly' | 'daily';
export type CodelistSyncOutcome = { name: string; added: number; modified: number; deactivated: number; unknownAtRegistry?: boolean };

/** The registry lists of one cadence (spec 002: sport, region, athlete category weekly; league, competition daily). Local lists never. */
export async function registryCodelistsDue(db: Executor, cadence: CodelistCadence | 'all'): Promise<string[]> {
  const rows = await db
    .select({ name: codelists.name, cadence: codelists.cadence })
    .from(codelists)
    .where(eq(codelists.isLocal, false))
    .orderBy(asc(codelists.name));
  return rows.filter((row) => cadence === 'all' || row.cadence === cadence).map((row) => row.name);
}

/**
 * Brings one registry code list up to date: asks the registry for the values changed since the newest change
 * seen (the registry's clock, inclusive), then applies them through the privileged app_apply_registry_codelist,
 * which adds, relabels and deactivates registry values (never deletes one), and never touches a custom value.
 * A local list is refused before the registry is asked: it is never requested from the registry.
 */
export async function syncRegistryCodelist(db: Executor, registry: RegistryAdapter, name: string, now: Date): Promise<CodelistSyncOutcome> {
  const [list] = await db.select({ isLocal: codelists.isLocal, changedSince: codelists.changedSince }).from(codelists).where(eq(codelists.name, name));
  if (!list || list.isLocal) throw new Error(`"${name}" is not a registry code list; it is never synced`);
  const remote = await registry.getCodelist(name, { changedSince: list.changedSince ?? undefined });
  if (!remote) {
    await db.execute(sql`select app_record_codelist_sync_error(${name}, ${'the registry has no such list'})`);
    return { name, added: 0, modified: 0, deactivated: 0, unknownAtRegistry: true };
  }
  const values = remote.values.map((v) => ({ code: v.code, label: v.label, active: v.active, updatedAt: v.updatedAt }));
  const [counts] = rowsOf<{ added: number; modified: number; deactivated: number }>(
    await db.execute(sql`select added, modified, deactivated from app_apply_registry_codelist(${name}, ${JSON.stringify(values)}::jsonb, ${now.toISOString()}::timestamptz)`),
  );
  return { name, ...counts! };
}

export async function recordCodelistSyncError(db: Executor, name: string, message: string): Promise<void> {
  await db.execute(sql`select app_record_codelist_sync_error(${name}, ${message})`);
}
