import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { codelists, codelistValues } from '@/db/schema';
import { NotFoundError } from '@/lib/platform/core/errors';
import type { CodelistDetail, CodelistSummary, CodelistValue } from './schemas';

type ListRow = typeof codelists.$inferSelect;

function summary(row: ListRow, valueCount: number, customValueCount: number): CodelistSummary {
  return {
    name: row.name,
    label: row.label,
    source: row.source as CodelistSummary['source'],
    isLocal: row.isLocal,
    cadence: row.cadence as CodelistSummary['cadence'],
    lastSyncedAt: row.lastSyncedAt?.toISOString() ?? null,
    valueCount,
    customValueCount,
  };
}

export function toCodelistValue(row: typeof codelistValues.$inferSelect): CodelistValue {
  return { id: row.id, code: row.code, label: row.label, active: row.active, isCustom: row.isCustom, customForOrgId: row.customForOrgId, updatedAt: row.updatedAt.toISOString() };
}

/**
 * Every code list with its counts. RLS shows the registry values and this tenant's custom values only, so the
 * counts never include another tenant's values.
 */
export async function listCodelists(tx: Tx): Promise<CodelistSummary[]> {
  const rows = await tx
    .select({
      list: codelists,
      valueCount: sql<number>`count(${codelistValues.id})::int`,
      customValueCount: sql<number>`count(${codelistValues.id}) filter (where ${codelistValues.isCustom})::int`,
    })
    .from(codelists)
    .leftJoin(codelistValues, eq(codelistValues.codelist, codelists.name))
    .groupBy(codelists.name)
    .orderBy(asc(codelists.isLocal), asc(codelists.name));
  return rows.map((row) => summary(row.list, row.valueCount, row.customValueCount));
}

export async function getCodelist(tx: Tx, name: string): Promise<CodelistDetail> {
  const [list] = await tx.select().from(codelists).where(eq(codelists.name, name));
  if (!list) throw new NotFoundError('CODELIST_NOT_FOUND', `There is no code list "${name}".`, { name });
  const values = await tx.select().from(codelistValues).where(eq(codelistValues.codelist, name)).orderBy(asc(codelistValues.isCustom), asc(codelistValues.label), asc(codelistValues.code));
  return { ...summary(list, values.length, values.filter((v) => v.isCustom).length), values: values.map(toCodelistValue) };
}

/** Whether a registry value (not a custom one) with this code exists in the list. */
export async function registryValueExists(tx: Tx, name: string, code: string): Promise<boolean> {
  const [row] = await tx
    .select({ id: codelistValues.id })
    .from(codelistValues)
    .where(and(eq(codelistValues.codelist, name), eq(codelistValues.code, code), isNull(codelistValues.customForOrgId)));
  return Boolean(row);
}
