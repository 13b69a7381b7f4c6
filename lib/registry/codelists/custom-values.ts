import { and, eq, sql } from 'drizzle-orm';
import type { Tx } from '@/db/client';
import { codelists, codelistValues } from '@/db/schema';
import { diffChanges, recordAudit } from '@/lib/platform/audit/record-audit';
import type { RequestContext } from '@/lib/platform/core/context';
import { ConflictError, NotFoundError } from '@/lib/platform/core/errors';
import { toCodelistValue } from './read-codelists';
import type { CodelistValue, CreateCodelistValueBody, UpdateCodelistValueBody } from './schemas';

async function requireList(tx: Tx, name: string) {
  const [list] = await tx.select({ name: codelists.name }).from(codelists).where(eq(codelists.name, name));
  if (!list) throw new NotFoundError('CODELIST_NOT_FOUND', `There is no code list "${name}".`, { name });
}

/**
 * Adds a custom value for the acting tenant (spec 002: isCustom, customForOrgId). It is visible to this tenant
 * only, never sent to the registry and never touched by the sync. For a local list every value is custom. A code
 * the list already has (the registry's or this tenant's own) is a 409.
 */
export async function createCustomCodelistValue(tx: Tx, ctx: RequestContext, name: string, input: CreateCodelistValueBody): Promise<CodelistValue> {
  await requireList(tx, name);
  const [clash] = await tx
    .select({ id: codelistValues.id, isCustom: codelistValues.isCustom })
    .from(codelistValues)
    .where(and(eq(codelistValues.codelist, name), sql`lower(${codelistValues.code}) = lower(${input.code})`));
  if (clash) {
    throw new ConflictError('CODELIST_VALUE_EXISTS', clash.isCustom ? `Your organisation already has the code "${input.code}" in this list.` : `The registry already has the code "${input.code}" in this list.`, { code: input.code });
  }
  const now = ctx.now;
  const [row] = await tx
    .insert(codelistValues)
    .values({ codelist: name, code: input.code, label: input.label, active: true, isCustom: true, customForOrgId: ctx.organisationId, createdAt: now, updatedAt: now })
    .returning();
  await recordAudit(tx, ctx, {
    action: 'CODELIST_VALUE_CREATED',
    targetType: 'CODELIST_VALUE',
    targetId: row!.id,
    changes: diffChanges(null, { code: input.code, label: input.label, active: true }, ['code', 'label', 'active']),
    metadata: { codelist: name, code: input.code },
  });
  return toCodelistValue(row!);
}

/**
 * Relabels, deactivates or reactivates one of the tenant's custom values. A registry value is read-only (409
 * CODELIST_VALUE_READ_ONLY); another tenant's custom value is invisible under RLS, so it is a 404.
 */
export async function updateCustomCodelistValue(tx: Tx, ctx: RequestContext, name: string, id: string, input: UpdateCodelistValueBody): Promise<CodelistValue> {
  await requireList(tx, name);
  const where = and(eq(codelistValues.id, id), eq(codelistValues.codelist, name));
  // Registry values are readable but not updatable under RLS, so FOR UPDATE would hide them: look first, then lock.
  const [seen] = await tx.select({ isCustom: codelistValues.isCustom, code: codelistValues.code }).from(codelistValues).where(where);
  if (!seen) throw new NotFoundError('CODELIST_VALUE_NOT_FOUND', 'This code list has no such value.', { codelist: name, id });
  if (!seen.isCustom) {
    throw new ConflictError('CODELIST_VALUE_READ_ONLY', 'This value comes from the registry and cannot be changed here; add a custom value instead.', { codelist: name, id, code: seen.code });
  }
  const [before] = await tx.select().from(codelistValues).where(where).for('update');
  if (!before) throw new NotFoundError('CODELIST_VALUE_NOT_FOUND', 'This code list has no such value.', { codelist: name, id });
  const after = { ...before, ...input };
  const changes = diffChanges(before, after, ['label', 'active']);
  if (Object.keys(changes).length === 0) return toCodelistValue(before);
  const [row] = await tx.update(codelistValues).set({ label: after.label, active: after.active, updatedAt: ctx.now }).where(eq(codelistValues.id, id)).returning();
  await recordAudit(tx, ctx, { action: 'CODELIST_VALUE_UPDATED', targetType: 'CODELIST_VALUE', targetId: id, changes, metadata: { codelist: name, code: before.code, deactivated: before.active && !after.active } });
  return toCodelistValue(row!);
}
