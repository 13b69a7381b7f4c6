import type { Executor } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/core/context';

export type SensitiveTarget = 'PERSON' | 'MEDICAL_TREATMENT' | 'ANTIDOPING_RECORD' | 'INCIDENT_REPORT';

/**
 * One SENSITIVE_RECORD_VIEWED row per record read, naming the fields that were shown and never their values.
 * A row per record (not one per request) lets a subject's access history and the monthly report of the top
 * accessors of sensitive records (spec 001) be answered by target id alone.
 */
export async function recordSensitiveReads(tx: Executor, ctx: RequestContext, targetType: SensitiveTarget, targetIds: readonly string[], fields: readonly string[]): Promise<void> {
  if (targetIds.length === 0) return;
  await tx.insert(auditLog).values(
    targetIds.map((targetId) => ({
      organisationId: ctx.organisationId,
      actorType: 'USER' as const,
      actorUserId: ctx.user.id,
      action: 'SENSITIVE_RECORD_VIEWED',
      targetType,
      targetId,
      metadata: { fields: [...fields] },
      requestId: ctx.requestId,
    })),
  );
}
