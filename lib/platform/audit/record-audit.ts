import type { Executor } from '@/db/client';
import { type AuditChanges, auditLog } from '@/db/schema';
import type { AuditAction } from './actions';
import { nameGuardedFields } from './guarded-fields';
import type { RequestContext } from '@/lib/platform/core/context';

export type AuditInput = {
  action: AuditAction;
  targetType: string;
  targetId: string;
  assetId?: string | null;
  changes?: AuditChanges;
  metadata?: Record<string, unknown>;
};

/**
 * Call inside the transaction of the change it records (DESIGN.md invariant 3). Fields a duty guards are written
 * by name only, whatever the caller passes (lib/platform/audit/guarded-fields.ts).
 */
export async function recordAudit(tx: Executor, ctx: Pick<RequestContext, 'organisationId' | 'requestId'> & { user: { id: string } | null }, input: AuditInput): Promise<void> {
  const { changes, metadata } = nameGuardedFields(input.targetType, { changes: input.changes ?? {}, metadata: input.metadata ?? {} });
  await tx.insert(auditLog).values({
    organisationId: ctx.organisationId,
    actorType: ctx.user ? 'USER' : 'SYSTEM',
    actorUserId: ctx.user?.id ?? null,
    action: input.action,
    targetType: input.targetType,
    targetId: input.targetId,
    assetId: input.assetId ?? null,
    changes,
    metadata,
    requestId: ctx.requestId,
  });
}

function normalise(value: unknown): unknown {
  return value instanceof Date ? value.toISOString() : value;
}

/** Before/after of the fields whose value differs; JSON-equal values count as unchanged. */
export function diffChanges<T extends Record<string, unknown>>(before: Partial<T> | null, after: Partial<T> | null, fields: readonly (keyof T & string)[]): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    const from = normalise(before?.[field] ?? null);
    const to = normalise(after?.[field] ?? null);
    if (JSON.stringify(from) !== JSON.stringify(to)) changes[field] = { before: from, after: to };
  }
  return changes;
}
