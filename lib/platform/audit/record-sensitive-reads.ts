import type { Executor } from '@/db/client';
import { auditLog } from '@/db/schema';
import type { RequestContext } from '@/lib/platform/core/context';

export type SensitiveTarget = 'PERSON' | 'MEDICAL_TREATMENT' | 'ANTIDOPING_RECORD' | 'INCIDENT_REPORT';

/**
 * One SENSITIVE_RECORD_VIEWED row per record read, naming the fields that were shown and never their values.
 * A row per record (not one per request) lets a subject's access history and the monthly report of the top
 * accessors of sensitive records (spec 001) be answered by target id alone.
 */
export async function recordSensitiveReads(
  tx: Executor,
  ctx: Pick<RequestContext, 'organisationId' | 'requestId' | 'onSensitiveRead'> & { user: { id: string } },
  targetType: SensitiveTarget,
  targetIds: readonly string[],
  fields: readonly string[],
  details: Record<string, unknown> = {},
): Promise<void> {
  if (targetIds.length > 0) ctx.onSensitiveRead?.();
  // In slices, so thousands of records (a data export) stay within the statement's parameter limit.
  for (let start = 0; start < targetIds.length; start += 1000) {
    await tx.insert(auditLog).values(
      targetIds.slice(start, start + 1000).map((targetId) => ({
        organisationId: ctx.organisationId,
        actorType: 'USER' as const,
        actorUserId: ctx.user.id,
        action: 'SENSITIVE_RECORD_VIEWED' as const,
        targetType,
        targetId,
        metadata: { fields: [...fields], ...details },
        requestId: ctx.requestId,
      })),
    );
  }
}
